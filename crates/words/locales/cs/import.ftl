# Deníky z Foundry VTT (dnd5e): import, export, kontrola (issue 36).

## Nápověda

help-grimoire-check = Zkontroluje deník z Foundry VTT (dnd5e) nebo D&D Beyond podle pravidel 2024, nic neimportuje
help-grimoire-check--file = Deník ke kontrole: JSON postavy z Foundry VTT (dnd5e) nebo z D&D Beyond
help-grimoire-check--from = Formát deníku (vynecháno: pozná se ze souboru)
help-grimoire-import-foundry = Importuje postavu ze souboru JSON z Foundry VTT (dnd5e) a vypíše zprávu
help-grimoire-import-foundry--file = Soubor JSON s postavou exportovaný z Foundry VTT
help-grimoire-import-foundry--name = Uloží postavu pod tímto jménem místo jména z deníku
help-grimoire-import-ddb = Importuje postavu ze souboru JSON z D&D Beyond a vypíše zprávu
help-grimoire-import-ddb--file = Soubor JSON s postavou uložený z D&D Beyond
help-grimoire-import-ddb--name = Uloží postavu pod tímto jménem místo jména z deníku
help-grimoire-export-foundry = Vypíše postavu jako JSON pro Foundry VTT (dnd5e)
help-grimoire-export-foundry--name = Postava (vynecháno: aktivní postava)

## Zpráva o importu

cli-import-done = Import z { $from ->
    [ddb] D&D Beyond
   *[foundry] Foundry VTT
}: { $name }; převedeno částí { $mapped }, nepřevedeno { $skipped }
cli-import-line-mapped = ✓ { $field } { $name }: { $what }
cli-import-line-skipped = – { $field } { $name }: { $what }
cli-import-mapped-abilities = hodnoty vlastností
cli-import-mapped-class = { $class } na úrovni { $level }
cli-import-mapped-prepared = připravené
cli-import-mapped-cantrip = trik
cli-import-mapped-always = vždy připravené ({ $class })
cli-import-mapped-spellbook = v knize kouzel
cli-import-mapped-slots = zbývá pozic { $level }. úrovně: { $remaining }
cli-import-mapped-pact = zbývá pozic Magie paktu: { $remaining }
cli-import-mapped-vitals = životy a obranné číslo
cli-import-mapped-fixed-max-hp = životy: maximum, které počítá Foundry, spočítáno pevnou metodou pravidel 2024 ({ $max_hp }); hodnota z deníku zachována jako současné životy
cli-import-mapped-scrolls = svitky s kouzlem ({ $count }), každý jako kouzelný předmět
cli-import-mapped-free-uses = seslání zdarma mezi odpočinky ({ $max }), omezeně použitelná schopnost
cli-import-mapped-charged = kouzelný předmět s náboji ({ $charges }), sesílá z nich svá kouzla
cli-import-mapped-item-spell = sesílané z nábojů předmětu
cli-import-mapped-subclass = podtřída povolání { $class }, vybraná i s tím, co dává
cli-import-mapped-sorcery-points = utracené body čarodějnictví od posledního dlouhého odpočinku: { $spent }
cli-import-mapped-hit-dice = utracené kostky životů od posledního dlouhého odpočinku: { $spent }
cli-import-mapped-armor-worn = nošeno: započteno do obranného čísla
cli-import-mapped-arcanum = Mystické arkánum (úroveň { $level }): sesláno jednou za dlouhý odpočinek bez pozice
cli-import-skip-unknown_spell = není v katalogu SRD 5.2: vynecháno (přidejte je jako homebrew)
cli-import-skip-not_prepared = nepřipravené: vynecháno
cli-import-skip-item_spell = kouzlo kouzelného předmětu: vynecháno s předmětem
cli-import-skip-at_will = sesílané libovolně nebo vrozeně: nemodelováno, vynecháno
cli-import-skip-ritual_only = sesílané jen jako rituál: vynecháno
cli-import-skip-free_uses_formula = seslání zdarma podle vzorce: nemodelováno, kouzlo zůstává bez nich
cli-import-skip-class_without_spells = povolání bez kouzel: jeho úrovně se nepočítají
cli-import-skip-subclass = podtřída mimo katalog SRD 5.2 (nebo list neukazuje její volbu): nevybráno, vynecháno
cli-import-skip-feature = schopnost: nemodelováno, vynecháno
cli-import-skip-item = předmět: nemodelováno, vynecháno
cli-import-skip-vitals_computed = životy počítá až Foundry a Grimoire je spočítat neumí (chybí současná hodnota, nebo úrovně povolání bez kouzel): nezaznamenáno
cli-import-skip-armor_class_computed = obranné číslo (nebo bonus k němu) počítá až Foundry podle vzorce: místo něj zaznamenáno to bez zbroje (10 + Obratnost), bonus vynechán
cli-import-skip-slots_over_max = víc pozic, než dávají úrovně: ponecháno maximum
cli-import-skip-copies_over_bound = víc než 20 kusů: ponecháno prvních 20
cli-import-skip-charge_cost = stojí víc než jeden náboj na seslání: vynecháno z předmětu (Grimoire bere jeden náboj na seslání)
cli-import-skip-hit_dice_without_vitals = utracené kostky životů, ale životy nechává spočítat Foundry: nezachováno (Grimoire drží utracené kostky u životů)

## Odmítnuté deníky

cli-import-no-file = uveďte soubor (nebo `foundry SOUBOR` pro deník z Foundry VTT, `ddb SOUBOR` pro deník z D&D Beyond)
cli-import-error-too_large = { $file } má { $size } bajtů; deník smí mít nejvýš { $max }
cli-import-error-not_json = { $how ->
    [truncated] { $file } je useknutý (řádek { $line }, sloupec { $column }): není to celý soubor JSON
   *[syntax] { $file } není platný JSON (řádek { $line }, sloupec { $column })
}
cli-import-error-not_a_foundry_actor = { $file } není postava z Foundry VTT dnd5e: pole { $field } chybí nebo je chybné
cli-import-error-not_a_ddb_character = { $file } není postava z D&D Beyond: pole { $field } chybí nebo je chybné
cli-import-error-not_a_character = { $file } obsahuje { $kind }, ne postavu (pole type)
cli-import-error-over_bound = { $file }: { $field } překračuje mez { $max }
cli-import-error-bad_field = { $file }: { $field } má neplatnou hodnotu: { $value }
cli-import-error-unknown_class = { $file }: { $field } uvádí povolání { $class }, které není v SRD
cli-import-error-not_a_spellcaster = { $file }: postava nemá žádné sesílající povolání

## Kontrola

cli-check-clean = Nic k námitce: deník odpovídá pravidlům 2024.
cli-check-count = Nálezů: { $count }
cli-check-too_many_prepared = připraveno { $count } kouzel; tabulky povolání dovolují { $max }
cli-check-too_many_cantrips = { $count } triků; tabulky povolání dovolují { $max }
cli-check-not_on_class_list = { $spell } není na seznamu žádného povolání postavy (R8)
cli-check-spell_level_too_high = { $spell } je { $level }. úrovně; povolání připravuje nejvýš { $max }. úroveň
cli-check-slots_mismatch = pozice { $level }. úrovně: deník uvádí { $sheet }, úrovně dávají { $rules } (R2)
cli-check-pact_slots_mismatch = pozice Magie paktu: deník uvádí { $sheet }, úroveň černokněžníka dává { $rules }
cli-check-spellcasting_ability = deník sesílá s vlastností { $sheet }; povolání { $class } sesílá s vlastností { $rules } (R19, R20)
cli-check-save_dc_bonus = deník přičítá k SO záchrany { $bonus }: samotná pravidla ne
cli-check-attack_bonus = deník přičítá k útokům kouzlem { $bonus }: samotná pravidla ne
cli-check-rules_2014 = { $spell } je v deníku podle pravidel 2014; Grimoire hraje verzi 2024, která se může lišit
cli-check-class_2014 = povolání { $class } je v deníku podle pravidel 2014; povolání 2024 připravuje jiný počet kouzel a má jiné schopnosti
cli-check-hp_over_max = deník uvádí { $sheet } životů, víc než maximum { $max }: zachováno maximum
cli-check-other_class_levels = { $levels } úrovní povolání bez kouzel zvyšuje zdatnost nad to, co Grimoire počítá
