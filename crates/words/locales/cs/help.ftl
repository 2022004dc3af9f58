# Nápověda příkazové řádky a chyby použití.

help-grimoire = Grimoire: kouzla, kostky, postavy a střetnutí podle pravidel páté edice z roku 2024
help-grimoire--db = Databáze: soubor SQLite, nebo URL postgres:// [výchozí: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
help-grimoire--json = Vypisuje stálý strojově čitelný JSON místo výpisu pro terminál
help-grimoire--lang = Jazyk výstupu pro lidi: cs nebo en
help-grimoire--seed = Nastaví semínko kostek, takže stejný příkaz hodí stejná čísla
help-flag-help = Vypíše nápovědu
help-flag-version = Vypíše verzi
help-heading-usage = Použití:
help-heading-commands = Příkazy
help-heading-options = Přepínače
help-heading-arguments = Argumenty
help-examples = Příklady:
help-examples-use = pak její jméno vynechte
help-completions = Doplňování:
help-completions-shells = (nebo zsh, fish)
help-exit-codes = Návratové kódy: 0 hotovo, 1 odmítnuto (nic se nezměnilo), 2 chyba použití.
help-json-everywhere = Každý příkaz přijme --json pro stálý strojově čitelný výstup.

## Příkazy

help-grimoire-spells = Hledání v katalogu kouzel (SRD 5.2), česky i anglicky
help-grimoire-spell = Ukáže jedno kouzlo
help-grimoire-character = Vytvoří, ukáže, vypíše a smaže postavy
help-grimoire-prepare = Připraví kouzla (cantripy se naučí); každé musí být na seznamu povolání (R8)
help-grimoire-spellbook = Kniha kouzel kouzelníka: opsat kouzla, připravit z ní, sesílat z ní rituály nepřipravené
help-grimoire-unprepare = Zruší přípravu kouzel
help-grimoire-item = Kouzelné předměty, které sesílají kouzla bez pozice (R5d)
help-grimoire-ability = Schopnosti s omezeným použitím, které sesílají kouzla bez pozice (R5c)
help-grimoire-cast = Sešle kouzlo: ověří, utratí, hodí a ukáže výsledek, nebo odmítne (návratový kód 1)
help-grimoire-equip = Co postava drží: brašnička, ohnisko, volné ruce, suroviny (R14)
help-grimoire-slots = Ukáže zbývající pozice pro kouzla, paktové zvlášť
help-grimoire-options = Co postava může seslat teď, všemi způsoby, a proč ne zbytek
help-grimoire-plan = Přesné zranění každého seslatelného kouzla a pozice proti cíli, nejlepší první
help-grimoire-house-rules = Domácí pravidla stolu: uvolnit R10, R11 nebo R14, aby varovala místo odmítnutí
help-grimoire-rest = Dokončí dlouhý nebo krátký odpočinek
help-grimoire-condition = Přidá nebo odebere stav (nebo umlčení)
help-grimoire-drop = Ukončí Soustředění postavy
help-grimoire-retarget = Přenese Uřknutí nebo Lovcovo znamení na nového tvora, když cíl klesne na 0 (Bonusová akce)
help-grimoire-dismiss = Ukončí jedno z probíhajících kouzel postavy (R15)
help-grimoire-damage = Postava utrží zranění: životy klesnou, při Soustředění záchrana
help-grimoire-hp = Zapíše nebo ukáže životy a obranné číslo postavy; léčení; dočasné životy
help-grimoire-casting = Pokračuje v sesílání trvajícím minutu a déle, nebo ho vzdá (R12)
help-grimoire-identify = Zkoumá působící kouzlo, aby ho rozpoznal (R22)
help-grimoire-wait = Nechá postavě uplynout čas: dlouhá sesílání pokročí, trvání skončí
help-grimoire-turn = Ukončí tah postavy mimo střetnutí (vynuluje R10)
help-grimoire-encounter = Vede střetnutí: iniciativa, tahy, zranění, čas, účinky
help-grimoire-homebrew = Vlastní kouzla ze souborů TOML, hledaná jménem jako ta z SRD
help-grimoire-monster = Sesílající tvorové (bloky statistik SRD 5.2 a vlastní): seznam, ukázat
help-grimoire-roll = Hodí kostkami, nebo s --stats ukáže jejich přesné rozdělení
help-grimoire-undo = Vrátí poslední změnu postavy (nebo střetnutí); i vrácení se zapíše
help-grimoire-log = Ukáže historii postavy (nebo střetnutí), od nejstarší
help-grimoire-serve = Spustí server stolu: HTTP JSON API nad touto databází (nebo PostgreSQL)
help-grimoire-mcp = Nabídne nástroje AI vypravěčům přes Model Context Protocol (stdio)
help-grimoire-backup = Zkopíruje databázi SQLite do nového souboru, konzistentně, i když do ní jiní zapisují
help-grimoire-restore = Nahradí databázi SQLite zálohou (nejprve ji ověří)
help-grimoire-export = Zapíše všechny postavy, střetnutí a účty do souboru JSON (SQLite nebo PostgreSQL)
help-grimoire-import = Naplní prázdnou databázi ze souboru exportu
help-grimoire-verify = Přehraje záznam změn a nahlásí každou entitu, jejíž uložený stav se liší (návratový kód 1)
help-grimoire-use = Vybere aktivní postavu: příkazy pak přijmou vynechané jméno
help-grimoire-rules = Ukáže číslovaná pravidla sesílání kouzel (R1–R22), nebo jedno z nich
help-grimoire-completions = Vypíše skript doplňování pro shell (bash, zsh, fish)

## Chyby použití (clapu, poskládané z údajů, které dává)

usage-error = chyba: { $message }
usage-more = Více: grimoire --help
usage-unknown-argument = neznámý přepínač nebo argument „{ $arg }“
usage-invalid-subcommand = neznámý příkaz „{ $name }“
usage-missing-required = chybí povinné: { $arg }
usage-missing-subcommand = chybí příkaz
usage-value-needed = { $arg } potřebuje hodnotu{ $valid }
usage-invalid-value = neplatná hodnota „{ $value }“ pro { $arg }{ $valid }
usage-valid-values = ; možné hodnoty: { $values }
usage-invalid-value-because = neplatná hodnota „{ $value }“ pro { $arg }: { $reason }
usage-out-of-range = { $value } není v rozsahu { $low } až { $high }
usage-out-of-range-open = { $value } není v rozsahu { $range }
usage-conflict = { $arg } nelze použít
usage-conflict-with = { $arg } nelze použít spolu s { $prior }
usage-value-count = nesprávný počet hodnot pro { $arg }
usage-no-equals = { $arg } potřebuje hodnotu za „=“
usage-invalid-utf8 = argument není platné UTF-8
usage-did-you-mean = ; nemysleli jste „{ $suggestion }“?
