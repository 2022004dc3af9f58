# Nápověda příkazové řádky a chyby použití.

help-grimoire = Grimoire: kouzla, kostky, postavy a střetnutí podle pravidel páté edice z roku 2024
help-grimoire--db = Databáze: soubor SQLite, nebo URL postgres:// [výchozí: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
help-grimoire--json = Vypisuje stálý strojově čitelný JSON místo výpisu pro terminál
help-grimoire--lang = Jazyk výstupu pro lidi: { $langs }; bez něj jazyk prostředí (LC_ALL, LC_MESSAGES, LANG), jinak angličtina
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
help-grimoire-prepare = Připraví kouzla (triky se naučí); každé musí být na seznamu povolání (R8)
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
help-grimoire-deathsave = Hodí záchranu proti smrti umírající postavy, nebo ji stabilizuje (pravidla 2024)
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

## Každý podpříkaz a argument (id z cesty příkazu a id argumentu)

help-grimoire-spells--query = Část jména, česky nebo anglicky (vynechte pro výpis podle filtrů)
help-grimoire-spells--class = Jen kouzla ze seznamu tohoto povolání (R8)
help-grimoire-spells--level = Jen kouzla této úrovně, 0 pro triky (R1)
help-grimoire-spells--school = Jen kouzla této školy (R7)
help-grimoire-spells--ritual = Jen rituály (R5b)
help-grimoire-spells--concentration = Jen kouzla se Soustředěním (R15)
help-grimoire-spells--limit = Nejvýš tolik výsledků
help-grimoire-spell--name = Jméno kouzla (české nebo anglické) nebo id
help-grimoire-character-new = Vytvoří postavu s plnými pozicemi
help-grimoire-character-new--name = Jméno, jedinečné bez ohledu na velikost písmen
help-grimoire-character-new--classes = POVOLÁNÍ:ÚROVEŇ, opakujte pro více povolání (R2; fungují i česká jména)
help-grimoire-character-new--abilities = Hodnoty vlastností, např. str=8,dex=14,con=14,int=16,wis=12,cha=10 (chybějící jsou 10)
help-grimoire-character-new--no_pouch = Začít bez brašničky na suroviny (jinak ji postava nosí, R14c)
help-grimoire-character-show = Ukáže postavu: pozice, kouzla, zdroje, stavy, tento tah
help-grimoire-character-show--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-character-list = Vypíše všechny postavy
help-grimoire-character-delete = Smaže postavu (undo ji vrátí)
help-grimoire-character-delete--name = Postava
help-grimoire-prepare--spells = [POSTAVA] a pak kouzla českým či anglickým jménem nebo id (triky se naučí)
help-grimoire-prepare--always = Vždy připravené díky schopnosti (podtřída, odbornost, druh, Magická tajemství): mimo limit, ze seznamu kteréhokoli povolání
help-grimoire-prepare--class = S --always: povolání, za něž se počítá (jeho SO; výchozí: povolání s tímto kouzlem, jinak první)
help-grimoire-spellbook-add = Opíše kouzla do knihy kouzel kouzelníka (kouzla kouzelníka úrovně, kterou umí připravit)
help-grimoire-spellbook-add--spells = [POSTAVA] a pak kouzla českým či anglickým jménem nebo id
help-grimoire-spellbook-show = Ukáže kouzla v knize kouzel kouzelníka
help-grimoire-spellbook-show--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-unprepare--spells = [POSTAVA] a pak kouzla českým či anglickým jménem nebo id (triky se naučí)
help-grimoire-item-add = Dá postavě kouzelný předmět, který sesílá kouzla bez pozice (R5d)
help-grimoire-item-add--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-item-add--item = Předmět; "Spell Scroll" vytvoří jednorázový svitek kouzla z --spell
help-grimoire-item-add--spells = Kouzlo či kouzla, která sesílá
help-grimoire-item-add--charges = Náboje (jeden za každé seslání)
help-grimoire-item-add--recharge = Kdy se náboje vrací: dlouhý, krátký nebo nikdy (platí i long, short a never)
help-grimoire-ability-add = Dá postavě schopnost, která sesílá kouzlo bez pozice, N-krát (R5c)
help-grimoire-ability-add--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-ability-add--spells = Kouzlo či kouzla, která sesílá
help-grimoire-ability-add--uses = Počet použití mezi obnovami
help-grimoire-ability-add--recharge = Kdy se použití vrací: dlouhý, krátký nebo nikdy (platí i long, short a never)
help-grimoire-ability-add--feature = Jméno schopnosti (výchozí: jméno prvního kouzla)
help-grimoire-cast--name = Sesilatel; vynechte pro aktivní postavu (jedno slovo je kouzlo)
help-grimoire-cast--spell = Kouzlo (české či anglické jméno nebo id; na velikosti písmen a diakritice nezáleží)
help-grimoire-cast--slot = Seslat s pozicí této úrovně (R6 na vyšší úrovni); výchozí je nejnižší, která stačí (R3)
help-grimoire-cast--ritual = Seslat jako rituál: bez pozice, +10 minut (R5b)
help-grimoire-cast--via = Seslat předmětem nebo schopností podle jména, nebo `arcanum` (R5c, R5d)
help-grimoire-cast--action = Která část tahu se použije: magie, bonusová nebo reakce (platí i magic, bonus a reaction; R9)
help-grimoire-cast--trigger = Spouštěč, na který Reakce odpovídá (R11)
help-grimoire-cast--targets = Cíle (opakujte pro více)
help-grimoire-cast--class = Povolání, jímž sesílat (výchozí: nejlepší, které kouzlo má)
help-grimoire-cast--pact = Použít jen paktové pozice
help-grimoire-cast--regular = Použít jen běžné pozice
help-grimoire-cast--advantage = Výhoda k útočným hodům kouzla
help-grimoire-cast--disadvantage = Nevýhoda k útočným hodům kouzla
help-grimoire-cast--off_turn = Reakce v tahu jiného tvora (R11): její pozice se nepočítá do R10; u jiných kouzel odmítnuto
help-grimoire-cast--damage_type = Druh zranění, pokud kouzlo nabízí volbu (Barevná koule: acid, cold, fire, ...)
help-grimoire-cast--alternative_time = Použít náhradní dobu sesílání kouzla (Růst rostlin: 8 hodin místo akce)
help-grimoire-cast--complete = Dokončit sesílání trvající minutu a déle, jehož čas vypršel (R12)
help-grimoire-equip--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-equip--pouch = Nosit brašničku na suroviny (R14c)
help-grimoire-equip--no_pouch = Nenosit brašničku na suroviny
help-grimoire-equip--focus = Kde je sesílací ohnisko: žádné, držené (v ruce), nošené (na sobě) nebo uložené; platí i none, held, worn a stowed
help-grimoire-equip--free_hands = Ruce, které nic nedrží (R14b)
help-grimoire-equip--materials = Konkrétní nošená surovina, s cenou, má-li nějakou ("diamond worth 300 GP"): drahé a spotřebované složky potřebují jmenovanou věc aspoň své ceny (R14c); lze opakovat
help-grimoire-equip--clear_materials = Zapomenout všechny konkrétní suroviny
help-grimoire-slots--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-options--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-plan--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-plan--target = Čísla cíle: ac=15,hp=40,dex=+2,resist=fire
help-grimoire-plan--advantage = Útočné hody sesilatele mají výhodu
help-grimoire-plan--disadvantage = Útočné hody sesilatele mají nevýhodu
help-grimoire-plan--top = Jen N nejlepších řádků (1 až 400)
help-grimoire-house-rules-relax = Seslání, která porušují PRAVIDLO, projdou s varováním (R10, R11 nebo R14)
help-grimoire-house-rules-relax--rule = R10, R11 nebo R14
help-grimoire-house-rules-enforce = Seslání, která porušují PRAVIDLO, se znovu odmítají, jak je psáno
help-grimoire-house-rules-enforce--rule = R10, R11 nebo R14
help-grimoire-rest--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-rest--long = Dlouhý odpočinek: vrátí se všechny pozice (R4)
help-grimoire-rest--short = Krátký odpočinek: vrátí se paktové pozice a použití obnovovaná krátkým odpočinkem
help-grimoire-rest--hit_dice = Kostky životů utracené na konci krátkého odpočinku: počet (největší kostky napřed) nebo velikosti, d10:1,d8:1
help-grimoire-rest--all = Odpočine si každá uložená postava v jedné změně (krátký odpočinek utrácí kostky životů jen podle --hit-dice: auto, nebo každé její vlastní, Pal=2;Rang=d10:1)
help-grimoire-condition--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-condition--toggle = add (přidat) nebo remove (odebrat)
help-grimoire-condition--condition = Stav (incapacitated, stunned, ...) nebo `silenced`
help-grimoire-condition--level = Úroveň vyčerpání přímo, 0 až 6 (přidání bez ní přidá jednu úroveň)
help-grimoire-drop--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-retarget--words = [POSTAVA] KOUZLO CÍL: působící kouzlo (jméno nebo číslo za # v `character show`) a jeho nový cíl
help-grimoire-dismiss--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-dismiss--effect = Id probíhajícího kouzla (číslo za # v `character show`)
help-grimoire-damage--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-damage--amount = Utržené zranění
help-grimoire-damage--critical = Kritický zásah: při 0 životech se počítá jako dva neúspěchy záchrany proti smrti
help-grimoire-hp--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-hp--max = Maximum životů, nebo `auto`: pevné podle kostek životů a Odolnosti
help-grimoire-hp--ac = Obranné číslo
help-grimoire-hp--set = Současné životy, nastavené přímo (0 až maximum)
help-grimoire-hp--heal = Získané životy, nejvýš do maxima
help-grimoire-hp--temp = Získané dočasné životy
help-grimoire-deathsave--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-deathsave--stabilize = Místo toho postavu stabilizuje (Záchrana umírajícího, ověření Medicíny se SO 10)
help-grimoire-casting--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-casting--step = continue (pokračovat) nebo abandon (vzdát)
help-grimoire-identify--name = Postava, která účinek zkoumá; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-identify--spell = Působící kouzlo
help-grimoire-identify--arcana = Bonus postavy k Mystice (výchozí: opravení Inteligence)
help-grimoire-wait--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-wait--time = Jak dlouho: 3r kola, 10m minuty, 1h hodiny, 1d dny
help-grimoire-turn-end = Ukončí tah postavy: akce a omezení na jednu pozici se vynulují (R10)
help-grimoire-turn-end--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-encounter-new = Vytvoří prázdné střetnutí
help-grimoire-encounter-new--encounter = Jméno střetnutí
help-grimoire-encounter-add = Přidá účastníka: uloženou postavu (podle jména) nebo jakéhokoli tvora
help-grimoire-encounter-add--encounter = Střetnutí
help-grimoire-encounter-add--name = Jméno účastníka (jméno postavy propojí její stav) s blokem statistik v zápisu cílů seslání: Goblin:ac=15:dex=+2:type=humanoid:resist=fire
help-grimoire-encounter-add--initiative = Iniciativa (vyšší jedná dřív); bez ní se hodí (k20, u postavy + OBR)
help-grimoire-encounter-add--hp = Životy, sledované příkazem `damage` a kouzly
help-grimoire-encounter-add--monster = Sesílající tvor z `grimoire monster list` (s vlastními životy a použitími)
help-grimoire-encounter-add--homebrew = Soubor vlastních bloků statistik, v němž hledat --monster
help-grimoire-encounter-add--reacts_to_allies = Smí odpovídat Protikouzlem i na kouzla svých spojenců (jinak na něj čekají jen kouzla druhé strany)
help-grimoire-encounter-remove = Odebere účastníka (utekl, byl propuštěn); ne toho, kdo je na tahu
help-grimoire-encounter-remove--encounter = Střetnutí
help-grimoire-encounter-remove--name = Účastník
help-grimoire-encounter-start = Začne 1. kolo nejvyšší iniciativou
help-grimoire-encounter-start--encounter = Střetnutí
help-grimoire-encounter-next = Ukončí současný tah a začne další; nové kolo nechá uplynout jedno kolo času
help-grimoire-encounter-next--encounter = Střetnutí
help-grimoire-encounter-damage = Způsobí účastníkovi zranění; soustředěná postava si hází záchranu (ODL, SO max(10, polovina))
help-grimoire-encounter-damage--encounter = Střetnutí
help-grimoire-encounter-damage--name = Účastník
help-grimoire-encounter-damage--amount = Utržené zranění
help-grimoire-encounter-damage--damage_type = Jeho typ (oheň, chlad, ...): statistiky účastníka ho při odolnosti půlí, při zranitelnosti zdvojí a při imunitě ignorují
help-grimoire-encounter-advance = Nechá všem uplynout čas: 3r kola, 10m minuty, 1h hodiny (trvání podle R15)
help-grimoire-encounter-advance--encounter = Střetnutí
help-grimoire-encounter-advance--time = Jak dlouho: 3r, 10m, 1h, 1d
help-grimoire-encounter-status = Ukáže pořadí, životy, akce tahu, Soustředění a účinky
help-grimoire-encounter-status--encounter = Střetnutí
help-grimoire-encounter-list = Vypíše střetnutí
help-grimoire-encounter-cast = Vypravěč sesílá za účastníka (tvora nebo postavu); čeká na Reakce, když může někdo odpovědět (R11)
help-grimoire-encounter-cast--encounter = Střetnutí
help-grimoire-encounter-cast--name = Sesílající účastník
help-grimoire-encounter-cast--spell = Kouzlo (české či anglické jméno nebo id)
help-grimoire-encounter-cast--targets = Cíle (opakujte pro více), jako u `grimoire cast`
help-grimoire-encounter-cast--slot = Pozice této úrovně (R6), pro sesilatele s pozicemi
help-grimoire-encounter-cast--via = Pojmenované použití: řádek bloku statistik (`Protective Magic`) nebo předmět či schopnost postavy
help-grimoire-encounter-cast--advantage = Výhoda k útočným hodům kouzla
help-grimoire-encounter-cast--disadvantage = Nevýhoda k útočným hodům kouzla
help-grimoire-encounter-react = Odpoví na otevřené okno kouzlem Reakce (Protikouzlo, Štít, Pekelné pokárání, Pírkový pád)
help-grimoire-encounter-react--encounter = Střetnutí
help-grimoire-encounter-react--name = Sesílající účastník
help-grimoire-encounter-react--spell = Kouzlo (české či anglické jméno nebo id)
help-grimoire-encounter-react--targets = Cíle (opakujte pro více), jako u `grimoire cast`
help-grimoire-encounter-react--slot = Pozice této úrovně (R6), pro sesilatele s pozicemi
help-grimoire-encounter-react--via = Pojmenované použití: řádek bloku statistik (`Protective Magic`) nebo předmět či schopnost postavy
help-grimoire-encounter-react--advantage = Výhoda k útočným hodům kouzla
help-grimoire-encounter-react--disadvantage = Nevýhoda k útočným hodům kouzla
help-grimoire-encounter-pass = Nechá otevřené okno minout bez reakce
help-grimoire-encounter-pass--encounter = Střetnutí
help-grimoire-encounter-pass--name = Účastník, který nereaguje
help-grimoire-encounter-resolve = Zavře otevřené okno: čekající kouzlo se sešle, zásah se ověří proti platným bonusům k OČ
help-grimoire-encounter-resolve--encounter = Střetnutí
help-grimoire-encounter-withdraw = Vezme čekající kouzlo zpět (nic se neutratí) a zavře okno
help-grimoire-encounter-withdraw--encounter = Střetnutí
help-grimoire-encounter-attack = Útočný hod zasáhne účastníka: otevře se okno pro Štít
help-grimoire-encounter-attack--encounter = Střetnutí
help-grimoire-encounter-attack--attacker = Útočník
help-grimoire-encounter-attack--target = Zasažený účastník
help-grimoire-encounter-attack--total = Celkový výsledek útočného hodu
help-grimoire-encounter-attack--ac = OČ cíle (výchozí: z jeho bloku statistik)
help-grimoire-encounter-hurt = Účastník utrží zranění od jiného: otevře se okno pro Pekelné pokárání
help-grimoire-encounter-hurt--encounter = Střetnutí
help-grimoire-encounter-hurt--target = Kdo zranění utrží
help-grimoire-encounter-hurt--by = Kdo ho způsobí
help-grimoire-encounter-hurt--amount = Kolik
help-grimoire-encounter-fall = Účastník padá: otevře se okno pro Pírkový pád
help-grimoire-encounter-fall--encounter = Střetnutí
help-grimoire-encounter-fall--creature = Kdo padá
help-grimoire-encounter-uses = Ukáže tvorovi zbývající použití za den, pozice a Reakci
help-grimoire-encounter-uses--encounter = Střetnutí
help-grimoire-encounter-uses--name = Tvor
help-grimoire-encounter-rest = Tvor dokončí dlouhý odpočinek: vrátí se mu použití za den i pozice
help-grimoire-encounter-rest--encounter = Střetnutí
help-grimoire-encounter-rest--name = Tvor
help-grimoire-encounter-condition = Tvor získá nebo ztratí stav (Neschopný a stavy, které ho zahrnují, ukončí jeho soustředění)
help-grimoire-encounter-condition--encounter = Střetnutí
help-grimoire-encounter-condition--name = Tvor
help-grimoire-encounter-condition--toggle = add (přidat) nebo remove (odebrat)
help-grimoire-encounter-condition--condition = Stav (frightened, stunned, ...; fungují i české názvy)
help-grimoire-encounter-window = Ukáže otevřené okno: co čeká a kdo odpověděl
help-grimoire-encounter-window--encounter = Střetnutí
help-grimoire-encounter-end = Ukončí střetnutí: jeho konečný stav zůstane v záznamu a jméno se uvolní; undo boj vrátí
help-grimoire-encounter-end--encounter = Střetnutí
help-grimoire-homebrew-add = Ověří a uloží soubory kouzel TOML (soubor stejného jména nahradí)
help-grimoire-homebrew-add--files = Soubory (tabulky [[spell]], jak popisuje docs/CATALOG.md)
help-grimoire-homebrew-list = Vypíše uložené soubory a jejich kouzla
help-grimoire-homebrew-remove = Odebere uložený soubor; jeho kouzla už nejsou známa
help-grimoire-homebrew-remove--file = Jméno souboru, jak je vypsáno
help-grimoire-monster-list = Vypíše sesílající tvory, volitelně podle jména (česky nebo anglicky)
help-grimoire-monster-list--query = Část jména; překlepy se odpouštějí
help-grimoire-monster-list--homebrew = Načíst i vlastní bloky statistik z tohoto souboru TOML
help-grimoire-monster-show = Ukáže sesílání jednoho tvora: SO, útočný bonus, kouzla a použití
help-grimoire-monster-show--monster = Id nebo jméno
help-grimoire-monster-show--homebrew = Načíst i vlastní bloky statistik z tohoto souboru TOML
help-grimoire-roll--expr = Zápis kostek, např. 8d6, 1d20+5, 4d6kh3, 2d20kl1
help-grimoire-roll--stats = Místo hodu ukáže přesné rozdělení (min, max, průměr, histogram, P(>=k))
help-grimoire-undo--name = Postava (nebo s --encounter střetnutí); vynechte pro aktivní postavu
help-grimoire-undo--encounter = JMÉNO je střetnutí
help-grimoire-undo--house_rules = Domácí pravidla stolu (grimoire house-rules), ne postava
help-grimoire-log--name = Postava (nebo s --encounter střetnutí); vynechte pro aktivní postavu
help-grimoire-log--encounter = JMÉNO je střetnutí
help-grimoire-log--house_rules = Domácí pravidla stolu (grimoire house-rules), ne postava
help-grimoire-log--limit = Ukáže N nejnovějších záznamů (1 až 10000)
help-grimoire-log--before = Jen záznamy starší než verze V (sloupec `v`; listuje zpět)
help-grimoire-serve--bind = Kde naslouchat
help-grimoire-serve--database_url = URL PostgreSQL; bez ní server použije soubor SQLite příkazové řádky (--db)
help-grimoire-serve--connections = Nejvýš tolik spojení s databází [výchozí: 16; u PostgreSQL 4 na jádro, 4 až 16]
help-grimoire-serve--cli_campaign = Sdílí postavy a střetnutí tohoto terminálu s jednou kampaní (podle id): její vypravěč za ně jedná z prohlížeče. Žádná jiná kampaň ani žádný požadavek klienta k nim nedosáhne
help-grimoire-serve--no_rate_limits = Vypne omezení registrací, tokenů a neúspěšných přihlášení, pro smluvní a zátěžové testy; jen s --bind na loopback
help-grimoire-backup--file = Soubor zálohy (nový pro `backup`, existující pro `restore`)
help-grimoire-restore--file = Soubor zálohy (nový pro `backup`, existující pro `restore`)
help-grimoire-export--file = Soubor JSON (zapíše ho `export`, čte ho `import`)
help-grimoire-import--file = Soubor JSON (zapíše ho `export`, čte ho `import`)
help-grimoire-use--name = Postava, která se stane aktivní; vynechte pro ukázání aktivní
help-grimoire-use--clear = Zapomenout aktivní postavu
help-grimoire-rules--id = Id pravidla (R10, R5a); vynechte pro výpis všech
help-grimoire-completions--shell = Shell: bash, zsh nebo fish
help-grimoire-completions--fixed = Pevný skript (příkazy a přepínače, bez jmen kouzel a postav)

## Příklady pod nápovědou příkazu: help-after-<cesta>

help-after-grimoire-spells =
    Příklady:
      grimoire spells fire                        jména s "fire" (překlepy se odpouštějí)
      grimoire spells --class wizard --level 1    seznam kouzelníka 1. úrovně
      grimoire spells --ritual --school divination
      grimoire spells -c wizard -l 1 -r           krátké přepínače: rituály kouzelníka 1. úrovně
      grimoire --lang cs spells střela            fungují i česká jména
help-after-grimoire-spell =
    Příklady:
      grimoire spell "Ohnivá koule"
      grimoire spell "magicka strela"
      grimoire --json spell cure-wounds
help-after-grimoire-character-new =
    Příklady:
      grimoire character new Elmira --class wizard:3 --abilities str=8,dex=14,con=14,int=16,wis=12,cha=10
      grimoire character new Brother-Tuck --class cleric:5 --class wizard:1 --abilities wis=16
help-after-grimoire-character-show =
    Příklady:
      grimoire character show Elmira
      grimoire character show     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-character-list =
    Příklad:
      grimoire character list
help-after-grimoire-character-delete =
    Příklad:
      grimoire character delete Elmira
      grimoire undo Elmira    vrátí ji zpět
help-after-grimoire-prepare =
    Příklady:
      grimoire prepare Elmira "Magická střela" Štít "Ohnivá střela"
      grimoire prepare Brother Požehnání --always    vždy připravené díky schopnosti, mimo limit
      grimoire unprepare Elmira Štít
      grimoire prepare shield "magicka strela"    pro aktivní postavu (grimoire use JMÉNO)

    První slovo je postava, když se tak nějaká postava jmenuje; jinak je
    každé slovo kouzlo, které připraví aktivní postava.
help-after-grimoire-spellbook-add =
    Příklady:
      grimoire spellbook add Zed "Odhalení magie" "Ohnivá koule" Štít
      grimoire spellbook add identify          pro aktivní postavu (grimoire use JMÉNO)

    První slovo je postava, když se tak nějaká postava jmenuje; jinak je
    každé slovo kouzlo, které opíše aktivní postava.
help-after-grimoire-unprepare =
    Příklady:
      grimoire prepare Elmira "Magická střela" Štít "Ohnivá střela"
      grimoire unprepare Elmira Štít
      grimoire prepare shield "magicka strela"    pro aktivní postavu (grimoire use JMÉNO)

    První slovo je postava, když se tak nějaká postava jmenuje; jinak je
    každé slovo kouzlo, které připraví aktivní postava.
help-after-grimoire-item-add =
    Příklady:
      grimoire item add Elmira "Spell Scroll" --spell "Ohnivá koule"
      grimoire item add Elmira "Wand of Magic Missiles" --spell "Magická střela" --charges 7 --recharge long
      grimoire item add "Spell Scroll" -s "Ohnivá koule"     pro aktivní postavu
help-after-grimoire-ability-add =
    Příklad:
      grimoire ability add Elmira --spell "Misty Step" --uses 1 --recharge long
help-after-grimoire-cast =
    Příklady:
      grimoire cast Elmira "Magická střela" --target Goblin
      grimoire cast fireball -l 4 -t Goblin -t Orc     za aktivní postavu (grimoire use JMÉNO)
      grimoire cast Elmira "Magická střela" --slot 2 --target Goblin:hp=7
      grimoire cast Elmira Štít --action reaction --trigger "hit by an attack"
      grimoire cast Elmira "Odhalení magie" --ritual
      grimoire cast Elmira "Ohnivá koule" --via "Spell Scroll (fireball)" --target Ogre:dex=-1:hp=59
      grimoire cast Elmira "Misty Step" --via "Misty Step" --action bonus
      grimoire cast Elmira "Barevná koule" --damage-type fire --target Ogre:ac=11
      grimoire cast Brother "Růst rostlin" --alternative-time    sesílání trvající 8 hodin

    Ve střetnutí přidá sesilatelovo vlastní Uřknutí nebo Lovcovo znamení na cíli
    své zranění ke každému zásahu útoku kouzlem.

    Cíl je JMÉNO, volitelně následované :ac=N :hp=N :max=N (maximum životů,
    léčení se na něm zastaví) :dex=+2 (bonus k záchraně libovolné vlastnosti)
    :self :ally :cover (úplný kryt) :dist=STOPY :type=undead :resist=fire,cold
    :vuln=radiant :immune=poison.
      grimoire cast Brother "Zacelení zranění" --target Ana:hp=3:max=12
      grimoire cast Elmira "Ohnivá koule" --target Imp:type=fiend:resist=cold:immune=fire
help-after-grimoire-equip =
    Příklady:
      grimoire equip Elmira --focus held --free-hands 1
      grimoire equip Elmira --material "diamond worth 300+ GP"
      grimoire equip Elmira --no-pouch --free-hands 0
      grimoire equip --focus held     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-slots =
    Příklady:
      grimoire slots Elmira
      grimoire --json slots Elmira
      grimoire slots     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-options =
    Příklady:
      grimoire options Elmira
      grimoire --json options Elmira
      grimoire options     aktivní postava (grimoire use JMÉNO)

    U každého seslatelného kouzla jsou všechny způsoby, jak ho seslat teď
    (úrovně pozic, paktová pozice, rituál, předmět, schopnost, arkánum), a akce,
    kterou zabere; u každého jiného první pravidlo, které ho blokuje, a co by ho
    umožnilo.
help-after-grimoire-plan =
    Příklady:
      grimoire plan Elmira --target ac=15,hp=40,dex=+2,resist=fire
      grimoire plan --target ac=12 --advantage     aktivní postava
      grimoire --json plan Elmira --target hp=30,wis=-1 --top 5

    Cíl: ac=N, hp=N, bonus k záchraně pro každou vlastnost (str=+1 ... cha=-2),
    resist=DRUH, vuln=DRUH, immune=DRUH (více: resist=fire+cold). Co chybí, není
    známo: bez OČ zasáhne každý útok; bez záchrany cíl vždy neuspěje.
help-after-grimoire-house-rules =
    Příklady:
      grimoire house-rules                 co tento stůl hraje
      grimoire house-rules relax R14       sesílat bez sledování složek, s varováním
      grimoire house-rules enforce R14     zpět k pravidlům, jak jsou psána
      grimoire undo --house-rules          vrátit poslední změnu

    Stůl může uvolnit R10 (jedna pozice za tah), R11 (jmenování spouštěče
    Reakce) a R14 (složky). Seslání, které porušuje uvolněné pravidlo, se ukáže
    s varováním, jež pravidlo jmenuje; každé jiné pravidlo dál odmítá.
help-after-grimoire-rest =
    Příklady:
      grimoire rest Elmira --long
      grimoire rest Elmira --short
      grimoire rest --long     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-condition =
    Příklady:
      grimoire condition Elmira add silenced        magické ticho: žádná kouzla se složkou V (R14a)
      grimoire condition Elmira add incapacitated   ukončí Soustředění
      grimoire condition Elmira remove incapacitated
      grimoire condition add silenced               aktivní postava (grimoire use JMÉNO)
help-after-grimoire-drop =
    Příklady:
      grimoire drop Brother
      grimoire drop     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-retarget =
    Příklady:
      grimoire retarget Vex Uřknutí Orc    uřknutý goblin padl: prokleje orka (Bonusová akce)
      grimoire retarget "hunter's mark" Wolf   kouzlo aktivní postavy (grimoire use JMÉNO)
help-after-grimoire-dismiss =
    Příklady:
      grimoire dismiss Elmira 3     (id ukazuje character show)
      grimoire dismiss 3            kouzlo aktivní postavy (grimoire use JMÉNO)
help-after-grimoire-damage =
    Příklady:
      grimoire damage Brother 14    soustředěný sesilatel si hází záchranu: ODL, SO max(10, polovina)
      grimoire damage 14            aktivní postava (grimoire use JMÉNO)
help-after-grimoire-hp =
    Příklady:
      grimoire hp Mira --max 38 --ac 18     zapíše životy (plné) a obranné číslo
      grimoire hp Mira --heal 7             vrátí životy, nejvýš do maxima
      grimoire hp Mira --temp 5             dočasné životy (zůstane vyšší počet)
      grimoire hp Mira --set 12             nastaví současné životy přímo
      grimoire hp Mira                      ukáže je
      grimoire damage Mira 9                zranění ubírá nejprve dočasné životy
help-after-grimoire-casting =
    Příklady:
      grimoire casting Elmira continue     každý tah dlouhého sesílání potřebuje akci Magie (R12)
      grimoire casting Elmira abandon      přestat; žádná pozice se neutratí
      grimoire casting continue            aktivní postava (grimoire use JMÉNO)
      grimoire cast Elmira "Odhalení magie" --complete   když čas vyprší
help-after-grimoire-identify =
    Příklady:
      grimoire identify Elmira Požehnání --arcana 5   akce Zkoumání, SO 15 Inteligence (Mystika)
      grimoire identify Požehnání                 zkoumá aktivní postava
help-after-grimoire-wait =
    Příklady:
      grimoire wait Elmira 10m     uplyne deset minut rituálu (R5b, R12)
      grimoire wait Elmira 1h      trvání vyprší (R15)
      grimoire wait 1h             aktivní postava (grimoire use JMÉNO)
help-after-grimoire-turn-end =
    Příklady:
      grimoire turn end Elmira
      grimoire turn end     aktivní postava (grimoire use JMÉNO)
help-after-grimoire-encounter-new =
    Příklad:
      grimoire encounter new Cave
help-after-grimoire-encounter-add =
    Příklady:
      grimoire encounter add Cave Elmira --init 15
      grimoire encounter add Cave Goblin --init 12 --hp 7
      grimoire encounter add Cave "Cave Mage#1" --monster mage
help-after-grimoire-encounter-remove =
    Příklad:
      grimoire encounter remove Cave Goblin
help-after-grimoire-encounter-start =
    Příklad:
      grimoire encounter start Cave
help-after-grimoire-encounter-next =
    Příklad:
      grimoire encounter next Cave
help-after-grimoire-encounter-damage =
    Příklad:
      grimoire encounter damage Cave Elmira 12
help-after-grimoire-encounter-advance =
    Příklad:
      grimoire encounter advance Cave 10m
help-after-grimoire-encounter-status =
    Příklad:
      grimoire encounter status Cave
help-after-grimoire-encounter-list =
    Příklad:
      grimoire --json encounter list
help-after-grimoire-encounter-cast =
    Příklady:
      grimoire encounter cast Cave "Cave Mage#1" fireball --target Elmira
      grimoire encounter cast Cave Elmira fireball --target "Cave Mage#1"
help-after-grimoire-encounter-react =
    Příklady:
      grimoire encounter react Cave "Cave Mage#1" counterspell
      grimoire encounter react Cave Elmira shield
help-after-grimoire-encounter-pass =
    Příklad:
      grimoire encounter pass Cave Elmira
help-after-grimoire-encounter-resolve =
    Příklad:
      grimoire encounter resolve Cave
help-after-grimoire-encounter-withdraw =
    Příklad:
      grimoire encounter withdraw Cave
help-after-grimoire-encounter-attack =
    Příklad:
      grimoire encounter attack Cave "Cave Mage#1" Elmira --total 15 --ac 12
help-after-grimoire-encounter-hurt =
    Příklad:
      grimoire encounter hurt Cave Elmira --by "Cave Mage#1" 7
help-after-grimoire-encounter-fall =
    Příklad:
      grimoire encounter fall Cave Elmira
help-after-grimoire-encounter-uses =
    Příklad:
      grimoire encounter uses Cave "Cave Mage#1"
help-after-grimoire-encounter-rest =
    Příklad:
      grimoire encounter rest Cave "Cave Mage#1"
help-after-grimoire-encounter-window =
    Příklad:
      grimoire encounter window Cave
help-after-grimoire-encounter-end =
    Příklad:
      grimoire encounter end Cave
help-after-grimoire-homebrew-add =
    Příklady:
      grimoire homebrew add my-spells.toml
      grimoire homebrew add spells/*.toml      více souborů, každý ověřen celý
help-after-grimoire-monster-list =
    Příklady:
      grimoire monster list
      grimoire monster list kněz
help-after-grimoire-monster-show =
    Příklady:
      grimoire monster show mage
      grimoire --lang cs monster show arcimág
help-after-grimoire-roll =
    Příklady:
      grimoire roll 8d6                 zranění Ohnivé koule, ukázána každá kostka
      grimoire roll '1d20 + 7'          útočný hod
      grimoire roll 4d6kh3 --stats      šance hodnoty vlastnosti
      grimoire --json roll 2d8+3        strojově čitelně
help-after-grimoire-undo =
    Příklady:
      grimoire undo Elmira
      grimoire undo Cave --encounter
      grimoire undo --house-rules     poslední změna domácích pravidel stolu
      grimoire undo     poslední změna aktivní postavy (grimoire use JMÉNO)
help-after-grimoire-log =
    Příklady:
      grimoire log Elmira
      grimoire --json log Cave --encounter
      grimoire log --house-rules     kdo uvolnil které pravidlo a kdy
      grimoire log     historie aktivní postavy (grimoire use JMÉNO)
help-after-grimoire-serve =
    Příklady:
      grimoire serve
      grimoire serve --bind 127.0.0.1:9000
      grimoire serve --cli-campaign my-table
      grimoire serve --database-url postgres://postgres@127.0.0.1:5432/grimoire
help-after-grimoire-mcp =
    Příklady:
      grimoire mcp                                   výchozí databáze
      grimoire --db ~/table.sqlite3 mcp              databáze jednoho stolu
      grimoire --lang cs mcp                         odpovídá česky, pokud volání nežádá jinak
      claude mcp add grimoire -- grimoire mcp        zaregistruje ho v Claude Code

    Standardní výstup nese protokol (JSON-RPC); zprávy jdou na standardní
    chybový výstup. Každý nástroj spustí příkaz grimoire s --json nad stejnou
    databází, takže odmítnutí nesou kód a pravidlo příkazové řádky a k tomu radu,
    který nástroj volat dál. Nastavení pro Claude Desktop, Cursor a VS Code:
    docs/MCP.md.
help-after-grimoire-backup =
    Příklady:
      grimoire backup ~/grimoire-2026-12-02.sqlite3
      grimoire restore ~/grimoire-2026-12-02.sqlite3
help-after-grimoire-restore =
    Příklady:
      grimoire backup ~/grimoire-2026-12-02.sqlite3
      grimoire restore ~/grimoire-2026-12-02.sqlite3
help-after-grimoire-export =
    Příklady:
      grimoire export table.json
      grimoire --db postgres://postgres@127.0.0.1/grimoire import table.json
help-after-grimoire-import =
    Příklady:
      grimoire export table.json
      grimoire --db postgres://postgres@127.0.0.1/grimoire import table.json
help-after-grimoire-use =
    Příklady:
      grimoire use Mira                     Mira jedná, když příkaz nejmenuje postavu
      grimoire cast fireball -l 4 -t Goblin -t Orc
      grimoire slots
      grimoire use                          ukáže aktivní postavu
      grimoire use --clear                  zapomene ji
      GRIMOIRE_CHARACTER=Mira grimoire ...  pro jeden shell, přednost před volbou v databázi
                                            (hráči sdílející jeden stůl v PostgreSQL)

    První slovo příkazu je postava, jen když má příkaz víc slov, než bez ní
    potřebuje: `cast Štít` sesílá za aktivní postavu, `cast Mira Štít`
    za Miru. U `prepare` a `unprepare` je první slovo postava, když se tak
    nějaká postava jmenuje.
help-after-grimoire-rules =
    Příklady:
      grimoire rules          všechna pravidla: id a název
      grimoire rules R10      jedno pravidlo s jeho částmi (R5 ukáže R5a-R5d)
      grimoire rules r14c     jedna část; na velikosti písmen nezáleží, `10` znamená R10
help-after-grimoire-completions =
    Příklady (čtou se znovu při každém startu shellu, takže novější grimoire dál funguje):
      bash:  echo 'source <(grimoire completions bash)' >> ~/.bashrc
      zsh:   echo 'source <(grimoire completions zsh)' >> ~/.zshrc
      fish:  echo 'grimoire completions fish | source' >> ~/.config/fish/config.fish

    Skript se grimoire ptá na slova při každém Tabu, takže se doplňují i jména
    kouzel (podle id: fireball, magic-missile) a postavy vaší databáze.
    S --static je to pevný skript jen s příkazy a přepínači, který grimoire
    nikdy nespouští.

## Vestavěný podpříkaz help

help-subcommand-help = Vypíše tuto zprávu nebo nápovědu daných podpříkazů
help-subcommand-help--subcommand = Vypíše nápovědu podpříkazů

## Útoky zbraní (issue 34)
help-grimoire-attack = Útok nesenou zbraní: k20 se stavy a účinky v platnosti, zranění s přídavky (Uřknutí, Lovcovo znamení, Božská přízeň)
help-grimoire-attack--name = Útočník; vynechte pro aktivní postavu (jedno slovo je zbraň)
help-grimoire-attack--weapon = Zbraň, kterou postava nese (grimoire equip JMÉNO --weapon longsword)
help-grimoire-attack--target = Cíl: účastník střetnutí nebo uložená postava
help-grimoire-attack--advantage = Výhoda na hod na útok (stavy v platnosti přidají své)
help-grimoire-attack--disadvantage = Nevýhoda na hod na útok
help-grimoire-attack--two_handed = Všestrannou zbraň držet obouruč (větší kostka)
help-grimoire-equip--weapons = Nést zbraň z tabulky SRD (longsword, dagger, ...) pro `grimoire attack`; lze opakovat
help-grimoire-equip--clear_weapons = Odložit všechny zbraně

## Rysy povolání, metamagie, sesílání podtříd, útoky tvorů, nastavení střetnutí (úkoly 33-35)
help-grimoire-character-new--subclasses = Podtřída: POVOLÁNÍ:PODTŘÍDA[:MOŽNOST], např. wizard:evoker, druid:land:arid (lze opakovat)
help-grimoire-character-new--feats = Odbornost: ODBORNOST[:SEZNAM][:KOUZLO,...], např. magic-initiate:cleric:guidance,light,bless (lze opakovat)
help-grimoire-character-new--invocations = Vzývání: ID[:KOUZLO,...], např. armor-of-shadows (lze opakovat)
help-grimoire-character-new--features = Schopnost povolání, která si žádá kouzla: ID:KOUZLO,..., např. signature-spells:fireball,counterspell
help-grimoire-character-new--metamagic = Volby metamagie, které čaroděj zná, např. careful,quickened
help-grimoire-character-set = Nastavit úrovně povolání nebo hodnoty vlastností; zvolit podtřídu, odbornosti nebo vzývání; získat schopnosti povolání, na které úrovně dosáhnou
help-grimoire-character-set--name = Postava; vynech pro aktivní (grimoire use JMÉNO)
help-grimoire-character-set--classes = POVOLÁNÍ:ÚROVEŇ, nová úroveň povolání (nové povolání přidá další; ostatní zůstanou)
help-grimoire-character-set--abilities = Hodnoty vlastností ke změně, např. con=16 (ostatní zůstanou; pozice, kostky životů a životy se změní s nimi)
help-grimoire-character-set--hp = Životy za každou získanou úroveň: fixed (polovina kostky životů + 1, výchozí) nebo roll (hod kostkou životů, zopakuje se s --seed), plus oprava Odolnosti, nejméně 1
help-grimoire-character-set--subclasses = Podtřída: POVOLÁNÍ:PODTŘÍDA[:MOŽNOST], např. wizard:evoker, druid:land:arid (lze opakovat)
help-grimoire-character-set--feats = Odbornost: ODBORNOST[:SEZNAM][:KOUZLO,...], např. magic-initiate:cleric:guidance,light,bless (lze opakovat)
help-grimoire-character-set--invocations = Vzývání: ID[:KOUZLO,...], např. armor-of-shadows (lze opakovat)
help-grimoire-character-set--features = Schopnost povolání, která si žádá kouzla: ID:KOUZLO,..., např. signature-spells:fireball,counterspell
help-grimoire-character-set--metamagic = Volby metamagie, které čaroděj zná, např. careful,quickened
help-grimoire-cast--metamagic = Metamagie (čaroděj): subtle, quickened, careful:Ana,Bo, heightened:Skřet, transmuted:cold, empowered[:lowest], seeking, distant, extended, twinned (opakovat: empowered a seeking se přidají k jiné)
help-grimoire-cast--sculpt = Tvarování kouzel (evokátor 6): cíle, které záchranu proti evokačnímu kouzlu přestojí bez úhony, např. Ana,Bo (nejvýš 1 + úroveň kouzla)
help-grimoire-cast--overchannel = Přetížení (evokátor 14): největší zranění kouzelnického kouzla z pozice 1. až 5. úrovně (od druhého použití před dlouhým odpočinkem stojí nekrotické zranění)
help-grimoire-attack--eldritch_smite = Při zásahu Čarodějný úder (vzývání černokněžníka): utratit pozici paktu za 1k8 silového zranění a 1k8 za každou úroveň pozice
help-grimoire-attack--bonus = Útočí tvor PJ (na postavu, ve střetnutí): jeho bonus k útoku, jak ho uvádí statistiky
help-grimoire-attack--damage_bonus = Oprava zranění tvora, přičtená ke kostce zbraně
help-grimoire-attack--damage = Zranění vlastního útoku tvora místo zbraně (2k6+3); ZBRAŇ je pak jeho název
help-grimoire-attack--damage_type = Typ zranění k --damage
help-grimoire-attack--ranged = Vlastní útok tvora je útok na dálku
help-grimoire-hp--rolled = S --max auto: kostku životů každé úrovně po první hodit (kostky podle semínka) místo pevné hodnoty
help-grimoire-wildshape = Druid vezme podobu zvířete (použití divoké podoby) nebo se vrátí: nesesílá v ní kouzla, soustředění drží
help-grimoire-wildshape--words = [POSTAVA] a pak on nebo off
help-grimoire-encounter-new--creatures_at_zero = Co tvorové PJ udělají na 0 životech: zemřou (výchozí) nebo padnou a hází záchranné hody proti smrti
help-grimoire-encounter-set = Změnit nastavení střetnutí, před bojem i během něj
help-grimoire-encounter-set--encounter = Střetnutí
help-grimoire-encounter-set--creatures_at_zero = Co tvorové PJ udělají na 0 životech: zemřou, nebo padnou a hází záchranné hody proti smrti
