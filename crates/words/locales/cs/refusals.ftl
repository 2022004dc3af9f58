# Odmítnutí pravidel: `refusal-<kód>`, jedno na každý stálý kód.
# Číslo pravidla (`R3: `) doplní kód před zprávu, sem nepatří.

refusal-invalid_spell_level = úroveň kouzla { $level } neexistuje; úrovně jsou 0 až 9
refusal-invalid_slot_level = pozice pro kouzlo { $level }. úrovně neexistuje; úrovně pozic jsou 1 až 9
refusal-invalid_spell_id = "{ $id }" není platný identifikátor kouzla
refusal-invalid_dice = "{ $text }" není zápis kostek jako „2d8+3“
refusal-invalid_class_level = úroveň povolání { $class } { $level } je mimo rozsah 1 až 20
refusal-invalid_character_level = úroveň postavy { $total } je mimo rozsah 1 až 20
refusal-duplicate_class = povolání { $class } je uvedeno dvakrát
refusal-invalid_ability_score = hodnota vlastnosti { $ability } { $score } je mimo rozsah 1 až 30
refusal-invalid_armor_class = obranné číslo { $value } je mimo rozsah 0 až { $max }
refusal-invalid_hit_points = { $field ->
        [max_hp] maximum životů
        [temp_hp] dočasné životy
        [heal] léčení
       *[other] životy
    } { $value } je mimo rozsah 0 až { $max }
refusal-no_hit_points = { $name } nemá zapsané životy
refusal-spell_level_too_high = kouzlo { $spell } je { $level }. úrovně; sesilatel sesílá kouzla nejvýše { $max }. úrovně
refusal-too_many_prepared = { $spell }: { $count ->
        [one] připraveno je už { $count } kouzlo
        [few] připravena jsou už { $count } kouzla
       *[other] připraveno je už { $count } kouzel
    }, nejvíc, co povolání dovolují (nejprve jedno zruš)
refusal-too_many_cantrips = { $spell }: { $count ->
        [one] znám je už { $count } trik
        [few] známy jsou už { $count } triky
       *[other] známo je už { $count } triků
    }, nejvíc, co povolání dovolují (nejprve jeden zruš)
refusal-no_slot_available = nezbývá žádná pozice pro kouzlo { $level }. nebo vyšší úrovně
refusal-no_such_slot = sesilatel nemá vůbec žádné pozice { $level }. úrovně, ani utracené (nejvyšší má { $highest }. úrovně)
refusal-slot_too_low = kouzlo { $spell_level }. úrovně se nevejde do pozice { $slot }. úrovně
refusal-cantrip_takes_no_slot = trik se sesílá bez pozice pro kouzlo
refusal-not_prepared = kouzlo { $spell } není připravené
refusal-not_a_reaction = v tahu jiného tvora lze seslat jen kouzlo s Reakcí; { $spell } takové není
refusal-not_known = sesilatel nezná trik { $spell }
refusal-not_on_class_list = kouzlo { $spell } není na seznamu kouzel žádného povolání sesilatele
refusal-no_such_class = sesilatel nemá žádné úrovně povolání { $class }
refusal-not_in_spellbook = kouzlo { $spell } není v knize kouzel; kouzelník připravuje kouzla z knihy, nejdřív ho do ní opište
refusal-no_spellbook = { $name } nemá úrovně kouzelníka, a tedy ani knihu kouzel
refusal-not_a_ritual = kouzlo { $spell } nemá označení Rituál, nelze ho seslat jako rituál
refusal-one_slot_per_turn = v tomto tahu už byla spotřebována pozice pro kouzlo; za tah lze spotřebovat jen jednu
refusal-action_unavailable = { $action } už byla v tomto tahu použita
refusal-casting_time_mismatch = vyvolávací čas tohoto kouzla je { $needed }, ne { $given }
refusal-missing_trigger = kouzlo se sesílá v reakci na svůj spouštěč: { $trigger }
refusal-silenced = umlčený sesilatel nemůže pronést Verbální složku
refusal-no_free_hand = kouzlo vyžaduje volnou ruku pro své složky
refusal-missing_material = sesilateli chybí Materiální složka: { $material }
refusal-material_worth_unknown = sesilatel má { $carried } neznámé hodnoty, ale Materiální složka musí mít hodnotu aspoň { $cost_gp } zl: { $material }
refusal-material_too_cheap = sesilatel má { $carried } v hodnotě { $worth_gp } zl, ale Materiální složka musí mít hodnotu aspoň { $cost_gp } zl: { $material }
refusal-incapacitated = sesilatel má stav Neschopný
refusal-at_zero_hit_points = { $name } má 0 životů, je tedy v bezvědomí a nemůže sesílat kouzla, dokud nezíská zpět nějaké životy
refusal-dead = { $name } je mrtvý (tři neúspěšné záchrany proti smrti nebo drtivé zranění; pravidla 2024: Mrtvý): zpět ho nevrátí záchrana proti smrti, léčení, kostky životů ani odpočinek
refusal-not_dying = { $stable ->
        [yes] { $name } je už stabilizovaný a žádné další záchrany proti smrti nehází (pravidla 2024: Záchranné hody proti smrti)
       *[no] { $name } má { $hp } životů a neumírá: záchrany proti smrti hází jen tvor s 0 životy (pravidla 2024: Záchranné hody proti smrti)
    }
refusal-no_hit_dice_left = { $name } má ještě { $left } kostek životů d{ $size }, ne { $asked } (pravidla 2024: Kostky životů; vrátí je Dlouhý odpočinek)
refusal-no_line_of_effect = k cíli { $target } nevede jasná cesta (Totální kryt)
refusal-out_of_range = cíl { $target } je { $distance_ft } stop daleko, mimo dosah { $range_ft } stop
refusal-too_many_targets = počet cílů kouzla je nejvýše { $max }, zadáno { $given }
refusal-cannot_target_self = toto kouzlo nemůže cílit na sesilatele
refusal-self_only = dosah kouzla je Sám; nemůže cílit na { $target }
refusal-no_uses_left = { $name } už nemá žádná použití
refusal-long_rest_too_soon = { $name }: od konce posledního Dlouhého odpočinku ještě neuplynulo 16 hodin; další může začít až za { $hours_left ->
        [one] { $hours_left } hodinu
        [few] { $hours_left } hodiny
       *[other] { $hours_left } hodin
    }
refusal-long_rest_in_encounter = { $name } bojuje ve střetnutí { $encounter }; Dlouhý odpočinek je čas klidu, ten přijde až po konci střetnutí
refusal-source_cannot_cast = { $name } neumožňuje seslat kouzlo { $spell }
refusal-no_concentration = sesilatel se na nic nesoustředí
refusal-casting_in_progress = sesilatel právě sesílá kouzlo { $spell }
refusal-no_casting_in_progress = sesilatel právě nesesílá žádné kouzlo
refusal-casting_unfinished = do dokončení sesílání kouzla { $spell } { $rounds_left ->
        [one] zbývá { $rounds_left } kolo
        [few] zbývají { $rounds_left } kola
       *[other] zbývá { $rounds_left } kol
    }
refusal-not_in_effect = žádné kouzlo { $spell } tu nepůsobí, není co zkoumat
refusal-not_ongoing = kouzlo { $spell } je okamžité; identifikovat lze jen probíhající kouzlo
refusal-not_movable = kouzlo { $spell } nelze přenést na jiného tvora; to jde jen u kouzel jako Uřknutí a Lovcovo znamení
refusal-unknown_effect = žádný probíhající účinek { $id }
refusal-not_dismissible = kouzlo { $spell } nelze zrušit
refusal-unknown_combatant = ve střetnutí není účastník { $name }
refusal-empty_encounter = střetnutí nemá žádné účastníky
refusal-damage_type_not_offered = toto kouzlo nemůže způsobit { $chosen } zranění; nabízí { $offered }
refusal-target_not_hostile = kouzlo musí cílit na nepřátelského tvora a { $target } jím není
refusal-no_alternative_casting_time = kouzlo { $spell } má jen jeden vyvolávací čas
refusal-not_in_stat_block = { $spell } není v seznamu Sesílání kouzel tohoto tvora
refusal-no_reaction_window = na žádnou Reakci se nečeká
# `waiting` je `spell`, když čeká sesílané kouzlo, jinak `trigger` (zásah,
# zranění, pád); `spell` je pak prázdné.
refusal-reaction_window_open = { $waiting ->
        [spell] kouzlo { $spell }, které sesílá { $caster }, čeká na Reakce; nejdřív reagujte, vzdejte se nebo ho vyhodnoťte
       *[trigger] na Reakce čeká spouštěč: { $trigger }; nejdřív reagujte, vzdejte se nebo ho vyhodnoťte
    }
refusal-not_an_answer = { $spell } neodpovídá na spouštěč: { $trigger }
refusal-own_trigger = { $name } nemůže reagovat na { $what ->
        [spell] vlastní kouzlo
        [attack] vlastní útok
       *[other] vlastní čin
    }
refusal-reaction_target_not_source = { $spell } vrací úder tomu, kdo spouštěč způsobil ({ $source }), ne tvorovi { $target }
refusal-already_answered = { $name } už na tento spouštěč odpověděl(a)
refusal-not_a_caster = { $name } nesesílá kouzla (přidejte ho jako postavu nebo s --monster)
refusal-invalid_request = neplatný požadavek: { $reason }

# Proč je požadavek neplatný: `invalid-<kód>`, `reason` zprávy
# refusal-invalid_request. Kouzla bloku tvora jsou uvedena svými
# identifikátory, jak je dává soubor bloku.

invalid-combatant_listed_twice = účastník { $name } je uveden dvakrát
invalid-leaves_on_own_turn = { $name } je právě na tahu; nejdřív tah ukončete, teprve potom může odejít
invalid-cantrip_in_spellbook = { $spell } je trik; triky se do knihy kouzel nezapisují, sesilatel je prostě zná
invalid-slot_level_without_slot = úroveň pozice lze zvolit jen při sesílání z pozice kouzla
invalid-save_dc_out_of_range = SO záchrany { $dc } je mimo rozsah { $min } až { $max }
invalid-attack_bonus_out_of_range = bonus útoku kouzlem { $bonus } je mimo rozsah { $min } až { $max }
invalid-no_spells_listed = seznam Sesílání kouzel neuvádí žádná kouzla
invalid-unnamed_spell_line = jeden z řádků kouzel nemá název
invalid-empty_spell_line = řádek { $line } neuvádí žádná kouzla
invalid-per_day_out_of_range = { $line }: { $per_day }/den je mimo rozsah { $min } až { $max }
invalid-spell_listed_twice = kouzlo { $spell } je v řádku { $line } uvedeno dvakrát
invalid-too_many_slots = { $level }. úroveň má { $slots } pozic; blok tvora smí dát nejvýš { $max } pozic jedné úrovně
invalid-slot_spells_without_slots = blok uvádí kouzla sesílaná z pozic, ale žádné pozice nedává

## Metamagie (čaroděj, SRD 5.2)

refusal-metamagic_not_known = sesilatel nezná { $option }; volby metamagie se čaroděj učí od 2. úrovně čaroděje
refusal-metamagic_not_applicable = { $option } nemůže změnit kouzlo { $spell }: { $why ->
    [no_save] kouzlo nevyžaduje záchranný hod
    [no_damage_roll] kouzlo při seslání nehází zranění
    [no_attack_roll] kouzlo nemá hod na útok
    [range_not_extendable] jeho dosah není 5 stop a více ani dotyk
    [duration_too_short] trvá méně než 1 minutu
    [not_an_action] jeho doba sesílání není akce
    [no_transmutable_damage] nezpůsobuje kyselinové, chladné, ohnivé, bleskové, jedové ani hromové zranění
    [transmuted_needs_type] zvol nový typ: kyselina, chlad, oheň, blesk, jed nebo hrom
    [no_extra_target] vyšší úrovní nezíská další cíl
    [already_ninth_level] seslání 9. úrovně se nemůže počítat o úroveň výš
    [not_a_target] { $name } není jeho cílem
    [too_many_creatures] ochrání nejvýš { $max } tvorů (oprava Charismy)
    [needs_one_target] jmenuj jediný cíl, který hází se znevýhodněním
    [ritual] rituál má vlastní dobu sesílání
   *[other] { $why }
}
refusal-metamagic_one_per_spell = { $first } a { $second } nemohou změnit jedno kouzlo zároveň; k jiné volbě se přidá jen Posílené a Hledající kouzlo
refusal-too_many_metamagic_options = zadáno { $given } voleb metamagie; kouzlo jich unese nejvýš { $max }
refusal-quickened_after_spell = v tomto tahu už bylo sesláno kouzlo 1. či vyšší úrovně, takže teď nelze žádné kouzlo zrychlit
refusal-spell_after_quickened = v tomto tahu bylo sesláno zrychlené kouzlo, takže { $spell } (kouzlo 1. či vyšší úrovně) musí počkat na další tah
refusal-unknown_metamagic = volba metamagie „{ $id }“ neexistuje; volby jsou careful, distant, empowered, extended, heightened, quickened, seeking, subtle, transmuted a twinned
refusal-metamagic_level_too_low = { $name } vyžaduje { $needed }. úroveň čaroděje (postava má { $have })
refusal-unknown_subclass = podtřída „{ $id }“ v SRD 5.2 není; napište POVOLÁNÍ:PODTŘÍDA, např. wizard:evoker, cleric:life, druid:land:arid
refusal-unknown_feat = odbornost „{ $id }“ neexistuje; kouzlí magic-initiate (s cleric, druid nebo wizard) a boon-of-spell-recall
refusal-unknown_invocation = vzývání „{ $id }“, které sesílá kouzla, neexistuje; např. armor-of-shadows, misty-visions, pact-of-the-tome
refusal-unknown_feature = schopnost povolání „{ $id }“, která si žádá kouzla, neexistuje; např. signature-spells, spell-mastery
refusal-subclass_level_too_low = { $name } vyžaduje { $needed }. úroveň povolání { $class } (postava má { $have }); nejdřív zvyšte úroveň
refusal-feat_level_too_low = { $name } vyžaduje { $needed }. úroveň postavy (postava má { $have })
refusal-invocation_level_too_low = { $name } vyžaduje { $needed }. úroveň povolání { $class } (postava má { $have }); zvolte ho na té úrovni
refusal-feature_level_too_low = { $name } přichází s { $needed }. úrovní povolání { $class } (postava má { $have })
refusal-feature_already_chosen = postava už má { $name }; podtřída se volí jednou za povolání a odbornost znovu jen s jinou volbou
refusal-prerequisite_missing = { $name } vyžaduje nejdřív { $needs }; zvolte to dřív
refusal-too_many_invocations = černokněžník této úrovně zná nejvýše { $max } vzývání a všechna už má
refusal-feature_spell_not_allowed = { $name } nemůže zahrnout kouzlo { $spell }: ověřte seznam, úroveň, rituál a kolik kouzel dovoluje
refusal-feature_variant_needed = { $name } potřebuje jednu ze svých voleb: { $options } (napište ji za id, např. ID:VOLBA)
refusal-free_cast_cannot_upcast = { $name } sesílá kouzlo jen na { $level }. úrovni; výš ho sešlete z pozice pro kouzlo
refusal-wild_shape_no_casting = druid v Divoké podobě nesesílá kouzla (Soustředění, které drží, trvá); nejdřív podobu opusťte (wildshape off)
refusal-feature_missing = postava nemá { $name }
refusal-too_many_metamagic = čaroděj této úrovně zná nejvýše { $max } voleb metamagie a všechny už má

## Rysy podtříd, které mění sesílání (SRD 5.2)

refusal-subclass_feature_not_had = { $feature ->
    [sculpt-spells] Tvarování kouzel
    [overchannel] Přetížení
   *[other] { $feature }
} vyžaduje podtřídu { $subclass } na { $level }. úrovni povolání { $class }
refusal-sculpt_not_evocation = Tvarování kouzel tvaruje jen evokační kouzla; { $spell } mezi ně nepatří
refusal-too_many_sculpted = Tvarování kouzel ušetří nejvýš { $max } tvorů (1 + úroveň kouzla)
refusal-sculpted_not_a_target = { $name } není cílem kouzla, Tvarování kouzel ho tedy nemůže ušetřit
refusal-overchannel_unfit = Přetížení posílí jen kouzelnické kouzlo, které zraňuje, seslané z pozice 1. až 5. úrovně; { $spell } tak sesláno není
