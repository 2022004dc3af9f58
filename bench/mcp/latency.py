"""Latency of MCP tool calls to `grimoire mcp`, measured with the official
MCP Python SDK (`mcp` on PyPI) as a real client: each call's round trip
over stdio, p50 and p90 per tool. Beside it, in the same run, the floor the
old design paid for every call: one `grimoire --json ...` process.

Usage: python bench/mcp/latency.py GRIMOIRE_BINARY [CALLS]
"""
from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(p * len(s)))]


def row(name: str, samples: list[float]) -> str:
    ms = [x * 1000 for x in samples]
    return f"| {name} | {len(ms)} | {pct(ms, 0.5):.2f} | {pct(ms, 0.9):.2f} | {max(ms):.2f} |"


async def main(exe: str, calls: int) -> None:
    db = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRIMOIRE_")}
    params = StdioServerParameters(command=exe, args=["--db", db, "--seed", "7", "mcp"], env=env)
    times: dict[str, list[float]] = {}

    async def call(session: ClientSession, tool: str, args: dict) -> dict:
        start = time.perf_counter()
        result = await session.call_tool(tool, args)
        times.setdefault(tool, []).append(time.perf_counter() - start)
        if result.is_error:
            raise SystemExit(f"{tool} refused: {result.structured_content}")
        return result.structured_content or {}

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            # The protocol's own round trip, no command run: the SDK's floor.
            for _ in range(calls):
                start = time.perf_counter()
                await session.send_ping()
                times.setdefault("ping", []).append(time.perf_counter() - start)
            for i in range(calls):
                name = f"W{i}"
                await call(session, "character_create",
                           {"name": name, "classes": [{"class": "wizard", "level": 5}],
                            "abilities": {"int": 16}})
                await call(session, "prepare", {"character": name, "spells": ["fire-bolt"]})
                await call(session, "cast", {"character": name, "spell": "fire-bolt",
                                             "targets": ["Goblin:ac=13"]})
                await call(session, "character_show", {"character": name})
    # The old design's floor: one process per call, same database.
    floor = []
    for i in range(min(calls, 30)):
        start = time.perf_counter()
        subprocess.run([exe, "--db", db, "--json", "character", "show", f"W{i}"],
                       env=env, check=True, capture_output=True)
        floor.append(time.perf_counter() - start)
    load = os.getloadavg()
    print(f"Load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} · {os.cpu_count()} cores")
    print()
    print("| call | n | p50 ms | p90 ms | max ms |")
    print("|---|---|---|---|---|")
    for tool in ("cast", "character_show", "character_create", "prepare"):
        print(row(f"MCP `{tool}`", times[tool]))
    print(row("floor: MCP `ping` (the protocol alone, no command)", times["ping"]))
    print(row("floor: one `grimoire --json character show` process", floor))
    ratio = statistics.median(floor) / statistics.median(times["character_show"])
    print()
    print(f"character_show in process is {ratio:.1f}x faster than the one-process floor.")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100))
