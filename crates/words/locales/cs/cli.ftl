# Pevná slova příkazové řádky: nadpisy, popisky a krátké poznámky.

cli-dice = kostky
cli-minimum = minimum
cli-maximum = maximum
cli-mean = průměr
cli-distribution = rozdělení
cli-at-least = alespoň
cli-value = hodnota
cli-chance = šance
cli-error = chyba
cli-rule = pravidlo
cli-no-dice = žádné kostky
cli-undone = vráceno
cli-undo-of = vrácení
cli-undone-by = vráceno změnou
cli-when = kdy (UTC)
cli-command = příkaz
cli-level = úroveň
cli-spell = kouzlo
cli-school = škola
cli-casting-time = vyvolávací čas
cli-no-spells = žádné kouzlo neodpovídá
cli-ritual = rituál
cli-range = dosah
cli-area = oblast
cli-components = složky
cli-duration = trvání
cli-classes = povolání
cli-slots = pozice
cli-pact = paktová
cli-arcanum = arkánum
cli-no-slots = žádné pozice pro kouzla
cli-proficiency = zdatnost
cli-save-dc = SO záchrany
cli-spell-attack = útok kouzlem
cli-cantrips = triky
cli-prepared = připravená
cli-ability = schopnost
cli-item = předmět
cli-concentrating = soustředí se na
cli-ongoing = trvá
cli-long-cast = sesílá
cli-conditions = stavy
cli-turn = tah
cli-action = akce
cli-bonus-action = bonusová akce
cli-reaction = reakce
cli-slot-this-turn = pozice v tomto tahu (R10)
cli-created = vytvořeno:
cli-deleted = smazáno:
cli-no-characters = zatím žádné postavy (grimoire character new JMÉNO --class kouzelník:3)
cli-name = jméno
cli-added = přidáno
cli-removed = odebráno
cli-long-rest = Dlouhý odpočinek
cli-short-rest = Krátký odpočinek
cli-turn-ended = tah skončil
cli-pact-slot = paktová pozice
cli-slot-word = pozice
cli-spent = utracena
cli-as-ritual = jako rituál, bez pozice (R5b)
cli-via = bez pozice, skrze
cli-no-slot-cantrip = bez pozice (R5a)
cli-casts = sesílá
cli-casting-started = sesílání začalo, vyžaduje Soustředění a akci Magie každý tah (R12)
cli-critical-hit = kritický zásah
cli-hit = zásah
cli-miss = minutí
cli-attack-roll = útok
cli-succeeds = uspěl
cli-fails = neuspěl
cli-roll-save = hoďte záchranu
cli-damage = zranění
cli-on-success = při úspěšné záchraně
cli-healing = léčení
cli-hp-now = životy nyní
cli-unaffected = nezasažen (R18)
cli-concentration-started = Soustředění začalo
cli-concentration-stopped = Soustředění skončilo
cli-at-turn-start = na začátku svého tahu
cli-at-turn-end = na konci svého tahu
cli-spell-ends-on-save = záchrana kouzlo ukončila
cli-initiative = iniciativa
cli-concentration-kept = Soustředění vydrželo
cli-concentration-lost = Soustředění ztraceno
cli-time-passed = uplynulo:
cli-round = kolo
cli-combatants = účastníci
cli-effects = účinky
cli-free-hands = volné ruce
cli-pouch = brašnička na suroviny
cli-focus = ohnisko
cli-materials = suroviny
cli-dismissed = ukončeno
cli-identified = rozpoznáno
cli-not-identified = nerozpoznáno
cli-computing = počítám přesné rozdělení…
cli-changed = změny
cli-active = aktivní postava
cli-active-cleared = už není aktivní
cli-active-from-env = vybrána proměnnou GRIMOIRE_CHARACTER v tomto shellu
cli-active-in-database = v databázi
cli-no-active = žádná aktivní postava (vyberte ji: grimoire use JMÉNO)
cli-rules = pravidla sesílání kouzel (grimoire rules ID ukáže jedno)

## Počty a úrovně ve výpisu

cli-level-cantrip = trik
cli-level-n = { $n }. úroveň
cli-count-spells = { $n } { $n ->
        [one] kouzlo
        [few] kouzla
       *[other] kouzel
    }
cli-count-rounds-left = { $n ->
        [one] zbývá { $n } kolo
        [few] zbývají { $n } kola
       *[other] zbývá { $n } kol
    }
cli-hp = životy { $hp }
cli-hp-temp = životy { $hp } (+{ $temp } dočasné)
cli-vitals = Životy { $hp }/{ $max } · OČ { $ac }
cli-vitals-temp = Životy { $hp }/{ $max } (+{ $temp } dočasné) · OČ { $ac }
cli-death-saves = záchrany proti smrti { $successes } ✓ { $failures } ✗
cli-death-stable = stabilizovaný
cli-death-dead = mrtvý
cli-death-save-line = { $name }: záchrana proti smrti { $notation } = { $total }: { $result }
cli-death-success = úspěch
cli-death-failure = neúspěch
cli-death-two-failures = přirozená 1, dva neúspěchy
cli-death-revived = přirozená 20: 1 život, při vědomí
cli-stabilized = { $name } je stabilizovaný: žádné další záchrany proti smrti, v bezvědomí do vyléčení
cli-max-hp-level-whole = { $class } k{ $size }: { $face } (celá kostka) { $con } = { $hp }
cli-max-hp-level-rolled = { $class } k{ $size }: hozeno { $face } { $con } = { $hp }
cli-rolled-needs-auto = --rolled patří k --max auto (hází kostkami životů na maximum)
cli-hit-die-line = k{ $size }: { $face } { $con } = +{ $healed }
cli-hit-dice-healed = Kostky životů: +{ $healed } životů → { $vitals } · zbývá: { $left }
cli-party-rested = { $name }: životy { $hp }/{ $max }
cli-party-refused = { $name }: bez odpočinku ({ $code })
cli-bad-hit-dice = --hit-dice bere počet (2) nebo velikosti kostek s počty (d10:1,d8:1), nejvýš 20 kostek; ne { $given }
cli-bad-party-hit-dice = odpočinek družiny bere --hit-dice auto (každý utratí, kolik potřebuje na chybějící životy) nebo vlastní kostky každé postavy, každé jméno jednou, oddělené středníkem (Pal=2;Rang=d10:1;auto); ne { $given }
cli-exhaustion-level = Vyčerpání na úrovni { $level }: −{ $penalty } ke každému testu k20 (útoky, záchranné hody, ověření, záchrany proti smrti), rychlost o { $feet } stop nižší; Dlouhý odpočinek ubere jednu úroveň; úroveň 6 je smrt
cli-hit-dice-pool = Kostky životů: zbývá { $left } z { $all }

## Oblasti účinku ve výpisu

cli-area-long = { $shape }, délka { $size } stop
cli-area-side = { $shape }, hrana { $size } stop
cli-area-radius = { $shape }, poloměr { $size } stop
cli-area-emanation = { $shape }, od tvora { $size } stop
cli-area-wide = šířka { $n } stop
cli-area-high = výška { $n } stop
cli-area-thick = tloušťka { $n } palců

## Domácí pravidla

cli-house-unknown = "{ $rule }" nelze uvolnit; stůl může uvolnit R10, R11 nebo R14
cli-house-relaxed = { $rule } uvolněno: { $allows }
cli-house-waived = ! Domácí pravidlo ({ $rule } uvolněno): { $message }
cli-house-none = Domácí pravidla: žádná; všechna pravidla platí, jak jsou psána.
cli-house-some = Domácí pravidla (seslání, které je poruší, proběhne s varováním):

## Jména postav a střetnutí

cli-unknown-character = postava „{ $name }“ neexistuje
cli-unknown-encounter = střetnutí „{ $name }“ neexistuje
cli-active-gone = je to aktivní postava, vyberte jinou: grimoire use JMÉNO
cli-active-gone-env = je to aktivní postava z proměnné GRIMOIRE_CHARACTER
cli-bad-argument = { $what } je povinné a „{ $word }“ není platná hodnota { $what }
cli-no-active-character = zadejte postavu, nebo ji vyberte pro všechny příkazy: grimoire use JMÉNO (nebo GRIMOIRE_CHARACTER=JMÉNO pro tento shell)
cli-missing-argument = { $what } je povinné

## Čtení jmen a hodnot z příkazové řádky

cli-unknown-class = neznámé povolání „{ $word }“ (možnosti: { $known })
cli-bad-class-spec = čekáno POVOLÁNÍ:ÚROVEŇ, například kouzelník:3, zadáno „{ $spec }“
cli-bad-class-level = úroveň povolání v „{ $spec }“ musí být číslo 1–20
cli-unknown-ability = neznámá vlastnost „{ $word }“ (sil, obr, odl, int, mdr, cha nebo str, dex, con, int, wis, cha)
cli-bad-abilities = čekáno VLASTNOST=HODNOTA, například int=16, zadáno „{ $part }“
cli-bad-score = hodnota v „{ $part }“ musí být číslo
cli-unknown-condition = neznámý stav „{ $word }“ (možnosti: { $known })
cli-unknown-damage-type = neznámý druh zranění „{ $word }“ (možnosti: { $known })
cli-unknown-school = neznámá škola „{ $word }“ (možnosti: { $known })
cli-unknown-action = neznámá akce „{ $word }“ (magie, bonusová nebo reakce)
cli-bad-duration = čekán čas jako 3r, 10m, 1h nebo 1d, zadáno „{ $text }“

## Klíčová slova psaná na příkazové řádce: každé vypisuje tvary, které
## jazyk přijímá, oddělené čárkami; velikost písmen ani diakritika nehrají
## roli. Anglické tvary platí v každém jazyce také.

cli-typed-round = r, kolo, kola, kol
cli-typed-minute = m, min, minuta, minuty, minut
cli-typed-hour = h, hod, hodina, hodiny, hodin
cli-typed-day = d, den, dny, dní, dnů
# Část tahu, kterou kouzlo nebo schopnost zabere (--action).
cli-typed-action = magie, akce
cli-typed-bonus-action = bonusová, bonusová-akce
cli-typed-reaction = reakce
# Kdy se použití schopnosti obnoví (--recharge).
cli-typed-recharge-long = dlouhý, dlouhý-odpočinek
cli-typed-recharge-short = krátký, krátký-odpočinek
cli-typed-recharge-never = nikdy
# Kde je sesílací ohnisko (--focus).
cli-typed-focus-none = žádné
cli-typed-focus-held = držené
cli-typed-focus-worn = nošené
cli-typed-focus-stowed = uložené
# Umlčený: není to stav, ale brání slovním složkám.
cli-typed-silenced = umlčený, umlčená, ticho
# Ukáže se, když je postava umlčena nebo už není (grimoire condition).
cli-silenced = umlčení

## `grimoire options` a `grimoire plan`

cli-options-cantrip = trik
cli-options-slot = pozice
cli-options-pact-slot = paktová pozice
cli-options-ritual = rituál
cli-options-via = pomocí
cli-options-mystic-arcanum = Mystické arkánum
cli-options-what-can-be-cast-now = co lze seslat teď
cli-options-nothing-right-now = {"  "}teď nic
cli-options-house-rule-lets-pass = domácí pravidlo promine
cli-options-not-now = Teď ne:
cli-options-metamagic = Metamagie: { $options }
cli-options-metamagic-cost = { $option } ({ $points } b. č.)
cli-plan-cantrip = trik
cli-plan-slot = pozice
cli-plan-pact = pakt
cli-plan-expected-against-the-target = očekávané proti cíli
cli-plan-no-damaging-or-healing-spell-can-be-cast = {"  "}teď nelze seslat žádné zraňující ani léčivé kouzlo
cli-plan-left-out = {"  "}{ $count ->
        [one] vynechán byl ještě { $count } řádek
        [few] vynechány byly ještě { $count } řádky
       *[other] vynecháno bylo ještě { $count } řádků
    }: { $why }
cli-plan-why-work_budget = plánu došla povolená práce
cli-plan-why-deadline = plánu došel čas
cli-plan-why-answer_size = odpověď už má tolik hodnot, kolik smí
cli-plan-why-too_large = řádek sám je na přesný výpočet příliš velký
cli-plan-why-line_limit = plán má nejvýše 400 řádků
cli-plan-spell = kouzlo
cli-plan-mean = průměr
cli-plan-range = rozsah
cli-plan-hits = zásah
cli-plan-fails-save = neuspěje
cli-plan-to-0-hp = na 0 životů
cli-plan-healing = léčení
cli-plan-overchannel = Přetížení

## Popisky příkazů

cli-homebrew-stored = uloženo
cli-homebrew-no-homebrew-files-grimoire-homebrew-add = žádné soubory s vlastními kouzly (grimoire homebrew add SOUBOR)
cli-homebrew-removed = odstraněno
cli-view-spellbook = kniha kouzel
cli-view-always-prepared = vždy připravená

## Co by odmítnuté seslání napravilo (za odmítnutím)

hint-end-turn = tah ukončí: grimoire turn end { $caster }
hint-trigger = uveď, na co odpovídá: --trigger "..."
hint-material = měj ji u sebe: grimoire equip { $caster } --material "...", nebo --pouch pro složku bez ceny
hint-material-worth = uveď její hodnotu: grimoire equip { $caster } --material "... worth ... GP", nebo měj u sebe dražší
hint-prepare = připrav ho: grimoire prepare { $caster } "{ $spell }"
hint-spellbook = nejdřív ho opiš: grimoire spellbook add { $caster } "{ $spell }"
hint-rest = pozice vrátí: grimoire rest { $caster } --long
hint-creature-rest = použití tvora se vrátí, až dokončí Dlouhý odpočinek: grimoire encounter rest "{ $encounter }" "{ $caster }"
hint-long-rest-wait = nejdřív nech uplynout hodiny: grimoire wait { $caster } { $hours }h
hint-long-rest-encounter = odpočiň si po boji: grimoire encounter end "{ $encounter }"
hint-character-list = viz grimoire character list
hint-encounter-list = viz grimoire encounter list
hint-hp = zadejte je: grimoire hp { $caster } --max N --ac N
hint-character-rest = ať odpočívá jako postava: grimoire rest { $caster } --long
hint-encounter-start = grimoire encounter start { $encounter }

## Postavy: předměty, schopnosti, stavy, vybavení

cli-bad-recharge = neznámé obnovení „{ $word }“ (dlouhý, krátký nebo nikdy)
cli-no-spell = uveďte aspoň jedno kouzlo přepínačem --spell
cli-condition-missing = chybí add nebo remove a STAV
cli-condition-toggle = „{ $toggle }“ není add ani remove
cli-bad-focus = neznámé ohnisko „{ $focus }“ (žádné, držené, nošené nebo uložené)

## Jazyky

cli-unknown-language = neznámý jazyk „{ $lang }“ (jeden z: { $known })

## Řádky výstupu příkazů

cli-no-hit-points = životy nejsou zapsané (grimoire hp JMÉNO --max N --ac N)
# Krátké shrnutí změny v záznamu (grimoire log).
cli-log-slot = pozice { $level }
cli-log-pact-slot = paktová pozice { $level }
cli-log-relaxed = { $rule } uvolněno
cli-log-enforced = { $rule } platí
cli-log-concentrating = +soustředění { $spell }
cli-log-unfocused = -soustředění { $spell }
cli-log-used = použito { $name }
cli-log-time = +{ $rounds } { $rounds ->
        [one] kolo
        [few] kola
       *[other] kol
    }
cli-log-older = starší záznamy: grimoire log{ $flag } --before { $before }
# Co zaznamenaná změna udělala, podle druhu události (grimoire log).
cli-log-kind-arcanum_used = mystické arkánum použito
cli-log-kind-material_consumed = surovina spotřebována
cli-log-kind-spell_started = kouzlo působí
cli-log-kind-spell_ended = kouzlo skončilo
cli-log-kind-long_cast_started = dlouhé sesílání začalo
cli-log-kind-long_cast_progressed = dlouhé sesílání pokračuje
cli-log-kind-long_cast_ended = dlouhé sesílání skončilo
cli-log-kind-silence_changed = ticho změněno
cli-log-kind-equipment_changed = vybavení změněno
cli-log-kind-turn_ended = tah skončil
cli-log-kind-turn_started = tah začal
cli-log-kind-short_rest_finished = krátký odpočinek
cli-log-kind-long_rest_finished = dlouhý odpočinek
cli-log-kind-extra_spell_added = kouzlo přidáno na seznam
cli-log-kind-always_prepared_removed = vždy připravené odebráno
cli-log-kind-feature_added = schopnost přidána
cli-log-kind-item_added = předmět přidán
cli-log-kind-spell_moved = kouzlo přesunuto
cli-log-kind-spell_copied = kouzlo opsáno
cli-log-kind-vitals_set = životy a OČ zapsány
cli-log-kind-hit_points_changed = životy změněny
cli-log-kind-hp_changed = životy změněny
cli-log-kind-joined = účastník přidán
cli-log-kind-weapon_attacked = útok zbraní
cli-log-kind-eldritch_smite_used = Čarodějný úder
cli-log-kind-feature_picked = schopnost zvolena
cli-log-kind-slot_kept = pozice zachována
cli-log-kind-feature_locked = schopnost uzamčena
cli-log-kind-wild_shape_changed = Divoká podoba
cli-log-kind-death_saves_changed = záchrany proti smrti
cli-log-kind-exhaustion_changed = Vyčerpání
cli-log-kind-advanced = postup na úroveň
cli-log-kind-hit_dice_spent = kostky životů utraceny
cli-log-kind-slot_to_points = pozice na body čarodějnictví
cli-log-kind-slot_created = pozice z bodů čarodějnictví
cli-log-kind-sorcery_points_spent = body čarodějnictví utraceny
cli-log-kind-overchannel_used = Přetížení
cli-log-kind-metamagic_used = Metamagie
cli-log-kind-sorcery_points_regained = body čarodějnictví zpět
cli-log-kind-innate_sorcery_started = Vrozené čarodějnictví
cli-log-kind-slots_recovered = pozice obnoveny
cli-log-kind-pact_slots_recovered = pozice paktu obnoveny
cli-log-kind-left = účastník odebrán
cli-log-kind-creature = tvor jednal
cli-log-kind-window_opened = okno Reakcí otevřeno
cli-log-kind-answered = Reakce
cli-log-kind-window_closed = okno Reakcí zavřeno
cli-log-kind-window_nested = okno Reakcí v okně
cli-log-kind-caster = sesilatel jednal
cli-spellbook = kniha kouzel
cli-spellbook-none = kniha kouzel se nevede (grimoire spellbook add JMÉNO KOUZLO...)

## Soubory a databáze (záloha, obnova, export, import, ověření)

cli-no-data-dir = nelze najít adresář pro data (nastavte HOME nebo XDG_DATA_HOME), zadejte --db CESTA
cli-store-held-twice = vnitřní chyba: příkaz žádal o otevřenou databázi, kterou už držel
cli-cannot-read = soubor { $file } nelze přečíst: { $error }
cli-admin-not-sqlite = záloha a obnova kopírují soubor SQLite; pro PostgreSQL použijte grimoire export / import (nebo pg_dump)
cli-admin-file-exists = { $file } už existuje; zadejte nový soubor (záloha nikdy nepřepisuje)
cli-admin-no-backup = soubor zálohy { $file } neexistuje
cli-admin-backup-damaged = { $file } je poškozený ({ $count ->
        [one] { $count } entita nesouhlasí
        [few] { $count } entity nesouhlasí
       *[other] { $count } entit nesouhlasí
    } se svým záznamem změn; viz grimoire --db { $file } verify); nic nebylo obnoveno
cli-admin-not-json = { $file } není JSON: { $error }
cli-admin-not-export = { $file } není soubor exportu grimoire
cli-admin-not-empty = import plní prázdnou databázi; tato už data obsahuje (použijte nové --db)
cli-admin-nameless = entita bez druhu nebo jména
cli-admin-verified = ověřeno: každá entita souhlasí se svým záznamem změn
cli-admin-verify-failed = { $count ->
        [one] { $count } entita nesouhlasí
        [few] { $count } entity nesouhlasí
       *[other] { $count } entit nesouhlasí
    } se záznamem změn: { $list }

## Nenalezená jména, spuštěné servery, odmítnuté příkazové řádky

cli-unknown-spell = žádné kouzlo se nejmenuje „{ $name }“
cli-did-you-mean = ; nemysleli jste { $names }?
cli-serve-loopback-only = --no-rate-limits je jen pro server na adrese loopback, ne { $bind }
cli-serve-serving = grimoire: server běží na http://{ $bind } ({ $database }); Ctrl-C ho zastaví
cli-serve-begin = Otevři http://{ $bind } v prohlížeči: zaregistruj se, založ kampaň (budeš její vypravěč) a v její kartě Členové vytvoř pro hráče zvací odkaz.
cli-mcp-serving = grimoire: server MCP na stdio; klient ho ukončí zavřením stdin
cli-invalid-utf8 = argument { $arg } není platné UTF-8
cli-invalid-command-line = neplatná příkazová řádka
cli-unknown-monster = žádný tvor se nejmenuje „{ $name }“
cli-unknown-rule = pravidlo „{ $id }“ neexistuje (pravidla jsou { $first }–{ $last }; seznam: grimoire rules)

## Argumenty seslání

cli-target-needs-number = „{ $part }“ v cíli „{ $spec }“ potřebuje číslo
cli-target-unknown-property = neznámá vlastnost cíle „{ $key }“ (ac, hp, max, dist, type, self, ally, cover, resist, vuln, immune nebo vlastnost postavy)
cli-no-source = { $caster } nemá předmět ani schopnost jménem „{ $word }“ (má: { $has })
cli-no-source-none = { $caster } nemá předmět ani schopnost jménem „{ $word }“ (nemá žádné)

## Záchrany, střetnutí a účinky

cli-save-line = { $label }: { $notation } = { $total } proti SO { $dc }: { $verdict }
cli-retarget-words = zadejte působící kouzlo a jeho nový cíl: grimoire retarget [POSTAVA] KOUZLO CÍL
cli-encounter-not-started = střetnutí „{ $name }“ ještě nezačalo
cli-encounter-ended = střetnutí „{ $name }“ skončilo; jeho konečný stav (jeho záznam: grimoire log --encounter { $name })
cli-encounter-end-done = Střetnutí { $name } skončilo; jeho konečný stav zůstává: grimoire encounter status { $name }
cli-already-in-encounter = { $name } už ve střetnutí { $encounter } je
cli-encounter-running = střetnutí { $name } už běží
cli-encounter-name-required = s --encounter je povinné jméno střetnutí

## Soubory vlastních kouzel

cli-homebrew-too-large = { $file } má { $size } B; soubor s vlastními kouzly smí mít nejvýše { $max } B
cli-homebrew-refused = { $file } nebyl uložen; { $count ->
        [one] { $count } problém
        [few] { $count } problémy
       *[other] { $count } problémů
    }:
    { $problems }

## Popisky výstupu tvorů, oken a reakcí

cli-label-name = jméno
cli-label-cr = ND
cli-label-dc = SO
cli-label-spellcasting = Sesílání kouzel
cli-label-spell-save-dc = SO záchrany
cli-label-spell-attack = útok kouzlem
cli-label-at-will = libovolně
cli-label-day-shared = den (společně)
cli-label-day-each = den každé
cli-label-level = úroveň
cli-label-slots = pozice
cli-label-waits-for-reactions = čeká na Reakce (R11)
cli-label-nothing-is-spent-yet = zatím se nic neutratilo
cli-label-may-answer-with = může odpovědět
cli-label-countered-the-spell-has-no-effect-its-ac = Zmařeno: kouzlo nemá žádný účinek; jeho akce propadá a pozice se neutratí (R11)
cli-label-passes = nereaguje
cli-label-window-closed-nothing-was-cast = Okno zavřeno; nic nebylo sesláno
cli-label-still-hits = přesto zasahuje
cli-label-now-misses = teď mine
cli-label-window-closed = Okno zavřeno
cli-label-reaction = Reakce
cli-label-long-rest-finished-uses-restored = Dlouhý odpočinek dokončen; použití obnovena
cli-label-no-window-is-open = Žádné okno není otevřené
cli-label-waiting-for-reactions = Čeká se na Reakce
cli-label-passed = nereagoval(a)
cli-attack-line = { $target }: { $total } proti OČ { $ac }: { $verdict }
cli-monster-header = { $name } ({ $id }) · ND { $cr } · OČ { $ac } · životy { $hp }
cli-monster-unreadable = { $path }: soubor nelze přečíst: { $error }
cli-missing-ac = { $name } nemá zapsané OČ: zadejte --ac

## Hlášení o vykonané práci

cli-admin-report = { $what }: { $count ->
        [one] { $count } entita
        [few] { $count } entity
       *[other] { $count } entit
    }, { $file }
cli-monster-added = Přidán { $name } ({ $monster }) → { $encounter } (iniciativa { $initiative }, životy { $hp })

## Útoky zbraní (issue 34)

cli-creature-attack-usage = útok tvora jmenuje tvora a jeho zbraň: grimoire attack Ork greataxe -t Pal --bonus 5 --damage-bonus 3
cli-creature-bad-damage = --damage bere kostky jako 2d6+3, --type druh zranění jako slashing; ne { $given }
cli-creature-attack-header = { $attacker } útočí na { $target }: { $attack }
cli-creature-attack-waits = { $total } proti OČ { $ac }: zásah čeká na reakce (grimoire encounter react { $encounter } ..., pak encounter resolve { $encounter })
cli-attack-header = { $attacker } útočí na { $target } zbraní { $weapon } [akce Útok]
# $proficiency je cli-attack-proficient nebo cli-attack-not-proficient.
cli-attack-bonus = útočný bonus { $bonus } ({ $ability }, { $proficiency })
cli-attack-proficient = zdatnost
cli-attack-not-proficient = bez zdatnosti
# $reasons: zprávy cli-attack-reason-* oddělené čárkou.
cli-attack-advantage = Výhoda: { $reasons }
cli-attack-disadvantage = Nevýhoda: { $reasons }
cli-attack-reason-asked = vyžádaná
cli-attack-reason-attacker = útočník { $condition }
cli-attack-reason-target = cíl { $condition }
# $spell: kouzlo působící na cíl (Vílí oheň).
cli-attack-reason-target-spell = { $spell } na cíli
cli-weapons-carried = zbraně: { $weapons }
cli-attack-concentration-kept = { $creature } uspěl v záchraně a dál se soustředí na { $spell }
cli-attack-concentration-lost = { $creature } v záchraně neuspěl: soustředění na { $spell } končí
cli-attack-extra = Útok navíc: v této akci Útok ještě { $left }
cli-mastery-cleave = Rozsek (mistrovství): po zásahu na blízko ještě jeden útok na jiného tvora do 5 stop, jednou za tah, bez zranění za modifikátor vlastnosti
cli-mastery-graze = Škrábnutí (mistrovství): i minutí způsobí zranění za modifikátor vlastnosti
cli-mastery-nick = Říznutí (mistrovství): útok navíc lehkou zbraní patří do akce Útok, jednou za tah
cli-mastery-push = Odražení (mistrovství): zásah může { $target } odstrčit o 10 stop, je-li velký nebo menší
cli-mastery-sap = Oslabení (mistrovství): po zásahu má { $target } nevýhodu k dalšímu hodu na útok do tvého příštího tahu
cli-mastery-slow = Zpomalení (mistrovství): po zásahu se zraněním má { $target } rychlost o 10 stop menší do tvého příštího tahu
cli-mastery-topple = Povalení (mistrovství): zásah nutí { $target } k záchraně (Odolnost), jinak padne k zemi
cli-mastery-vex = Trýznění (mistrovství): po zásahu se zraněním máš výhodu k dalšímu hodu na útok proti { $target } do konce příštího tahu
cli-attack-smites = po zásahu jako bonusová akce: { $spells } (grimoire cast { $attacker } KOUZLO -t "{ $target }" --trigger hit)
cli-too-many-weapons = postava nese nejvýš { $limit } zbraní; --clear-weapons je odloží
cli-wild-shape-usage = napište on nebo off: grimoire wildshape [POSTAVA] on|off
cli-wild-shape-on = { $name } bere na sebe podobu zvířete (Divoká podoba): dokud se nevrátí, nesesílá kouzla; Soustředění trvá
cli-wild-shape-off = { $name } se vrací do své podoby a může zase kouzlit
cli-view-features = schopnosti
cli-view-at-will = kdykoli
cli-view-wild-shape = v Divoké podobě: dokud se nevrátí, nesesílá kouzla (Soustředění trvá)

## Metamagie při sesílání (--meta)

cli-metamagic-unknown = „{ $option }“ není volba metamagie; volby jsou subtle, quickened, careful, heightened, transmuted, empowered, seeking, distant, extended a twinned
cli-metamagic-bad-choice = „{ $choice }“ není volba pro { $option }: careful a heightened berou jména (careful:Ana,Bo), transmuted typ zranění (transmuted:cold), empowered „lowest“ nebo „below-average“
cli-cast-metamagic = Metamagie: { $options } ({ $points ->
    [one] 1 bod čarodějnictví
    [few] { $points } body čarodějnictví
   *[other] { $points } bodů čarodějnictví
})
cli-fallen-dying = umírá
cli-fallen-stable = stabilizovaný
cli-fallen-dead = mrtvý
cli-creatures-drop = Tvorové na 0 životech padají a hází záchranné hody proti smrti (změna: grimoire encounter set ... --creatures-at-zero die)
