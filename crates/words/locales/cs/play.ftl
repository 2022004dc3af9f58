# Ovládání hry ve webu (issues 34, 36, 37): životy a záchranné hody proti
# smrti, útoky zbraní, odpočinek družiny, import deníku a karty hodů
# serveru. V prohlížeči klíče `hp.title`, ...

## Životy a záchranné hody proti smrti

web-hp-title = Životy
web-hp-line = { $hp } / { $max } životů
web-hp-temp = +{ $n } dočasných
web-hp-ac = OČ { $ac }
web-hp-none = Životy zatím nejsou zapsané.
web-hp-max = Maximum životů
web-hp-acLabel = Obranné číslo
web-hp-set = Uložit
web-hp-amount = Životy, které { $name } získá nebo ztratí
web-hp-heal = Vyléčit
web-hp-damage = Zranit
web-hp-dice = Zbývající kostky životů: { $dice }
web-death-title = Záchranné hody proti smrti
web-death-successes = Úspěchy: { $n } ze 3
web-death-failures = Neúspěchy: { $n } ze 3
web-death-dying = Umírá
web-death-stable = Stabilizovaný
web-death-dead = Mrtvý
web-death-roll = Hodit záchranu proti smrti
web-death-stabilize = Stabilizovat
web-death-result-success = úspěch
web-death-result-failure = neúspěch
web-death-result-two_failures = jednička: dva neúspěchy
web-death-result-revived = dvacítka: zpět s 1 životem
web-death-rolled = { $name } hází záchranu proti smrti: { $total }, { $verdict }.
web-kind-hp = změnil(a) životy
web-kind-attack = zaútočil(a)
web-kind-equip = změnil(a) výbavu
web-kind-rest-party = nechal(a) družinu odpočinout

## Útoky zbraní

web-attack-title = Útok zbraní
web-attack-weapon = Zbraň
web-attack-target = Cíl
web-attack-advantage = Výhoda
web-attack-disadvantage = Nevýhoda
web-attack-twoHanded = Obouručně (Univerzální)
web-attack-go = Zaútočit
web-attack-noWeapons = Postava zatím nenese žádnou zbraň: přidejte ji ve Výbavě.
web-attack-noTargets = Není na koho útočit: cíle jsou z běžícího střetnutí a ostatní postavy.
web-attack-attacks = { $attacker } útočí na { $target }: { $weapon }
web-attack-toHit = { $bonus } k zásahu
web-attack-hit = Zásah: { $total }
web-attack-miss = Mine: { $total }
web-attack-crit = Kritický zásah: { $total }
web-attack-damage = { $n } zranění
web-attack-hpAfter = zbývá { $n } životů
web-attack-mode-advantage = s výhodou
web-attack-mode-disadvantage = s nevýhodou
web-attack-left = v této akci ještě útoky: { $n }
web-attack-after = Po zásahu můžete seslat:
web-attack-smite = Seslat { $spell }
web-attack-trigger = Zasáhl(a) jsem { $target } zbraní
web-attack-concentration = { $name } udržuje soustředění.
web-attack-concentrationLost = { $name } ztrácí soustředění.
web-eq-weapons = Zbraně (oddělené čárkou, česky nebo anglicky)

## Odpočinek družiny (PJ)

web-rest-title = Odpočinek družiny
web-rest-intro = Všechny postavy kampaně odpočívají naráz.
web-rest-short = Krátký odpočinek pro všechny
web-rest-long = Dlouhý odpočinek pro všechny
web-rest-dice = Kostky životů utracené při krátkém odpočinku
web-rest-diceFor = { $name }: { $size } (zbývá { $left })
web-rest-go = Krátce odpočinout
web-rest-cancel = Zrušit
web-rest-doneShort = Družina si krátce odpočinula.
web-rest-doneLong = Družina si dlouze odpočinula.
web-rest-member = { $name }: { $hp } / { $max } životů
web-rest-memberNoHp = { $name }: odpočinul(a) si
web-rest-spent = utraceno { $dice }, zpět { $n } životů
web-rest-refused = { $name } neodpočívá: { $why }
web-rest-by = { $by } nechal(a) družinu odpočinout.

## Import deníku

web-import-title = Přineste si postavu
web-import-drop = Přetáhněte sem deník z Foundry VTT nebo D&D Beyond (JSON), nebo vyberte soubor.
web-import-pick = Vybrat soubor s deníkem
web-import-format = Deník z
web-import-auto = Poznat sám
web-import-foundry = Foundry VTT (dnd5e)
web-import-ddb = D&D Beyond
web-import-name = Uložit pod jiným jménem (nepovinné)
web-import-owner = Hráč (jen PJ; prázdné = vy)
web-import-notJson = { $file } není soubor JSON.
web-import-tooBig = { $file } má přes 2 MB.
web-import-reading = Importuji { $file }…
web-import-done = { $name } je u stolu.
web-import-mapped = Převzato ({ $n })
web-import-skipped = Vynecháno ({ $n })
web-import-flagged = K posouzení ({ $n })
web-import-none = Není co namítnout.

## Hody serveru jako karty v záznamu stolu (issue 37)

web-roll-turnDamage = { $spell } ({ $caster }) zraňuje { $target }: { $n } zranění
web-roll-concSave = { $name } hází záchranu na soustředění (SO { $dc }): { $total }, { $verdict }
web-roll-kept = udrženo
web-roll-lost = ztraceno

## Upozornění na reakci, ať je hráč kdekoli (issue 37)

web-alert-react = { $name } může reagovat: { $what }
web-alert-open = Otevřít střetnutí
web-alert-badge = čeká na vaši odpověď

## Zásah tvora do postavy, který zadává PJ (issue 37)

web-hitwin-title = Tvor zasáhne postavu
web-hitwin-total = Celkový hod na útok
web-hitwin-ac = Její obranné číslo (prázdné: z deníku)
web-hitwin-go = Zásah: otevřít okno pro Štít

## Záznam stolu označí vrácenou změnu (issue 37)

web-log-undone = Vráceno

## Druhé kouzlo se soustředěním (issue 37)

web-cast-endsConc = Seslání kouzla { $spell } ukončí vaše soustředění na { $old }.
web-cast-endsConcGo = Ukončit { $old } a seslat

## Útok tvora, který hodí server (issue 34)

web-cattack-title = Tvor útočí (hodem)
web-cattack-weapon = Zbraň, nebo útok z bloku statistik
web-cattack-bonus = Bonus k útoku
web-cattack-damage = Vlastní zranění (prázdné: zbraně)
web-cattack-go = Hodit útok
web-cattack-attacks = { $attacker } útočí na { $target }: { $weapon }
web-cattack-noAc = Celkem { $total }: deník nemá obranné číslo, rozhodne PJ
web-cattack-waits = Zásah: útok čeká, zda { $names } zareaguje.
