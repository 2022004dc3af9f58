# Co má AI vypravěč udělat s odmítnutím, podle kódu chyby.

mcp-fix-one_slot_per_turn = Za tah jen jedna pozice: ukonči tah nástrojem next_turn a sešli kouzlo v dalším tahu postavy (nebo teď sešli trik).
mcp-fix-not_your_turn = Na tahu je někdo jiný: volej next_turn, dokud nebude na tahu tato postava, nebo sešli kouzlo s Reakcí s off_turn.
mcp-fix-action_unavailable = Tato část tahu je vyčerpaná: zvol jinou akci (magic, bonus, reaction), nebo ukonči tah nástrojem next_turn.
mcp-fix-casting_time_mismatch = Sešli ho akcí podle doby sesílání (action = magic, bonus nebo reaction); dobu sesílání ukáže spell_show.
mcp-fix-no_alternative_casting_time = Toto kouzlo má jen jednu dobu sesílání: zavolej cast znovu bez alternative_time.
mcp-fix-missing_trigger = Kouzlo s Reakcí potřebuje spouštěč: předej trigger (a off_turn v tahu jiného tvora), nebo odpověz na otevřené okno nástrojem react.
mcp-fix-reaction_window_open = Kouzlo čeká na Reakce: nejdřív odpověz nástrojem react, nech ho projít přes reaction_pass, nebo okno zavři nástrojem reaction_resolve.
mcp-fix-no_reaction_window = Nic nečeká na Reakci: sešli normálně nástrojem cast, nebo otevři okno přes encounter_cast či attack_hit.
mcp-fix-not_an_answer = Tato Reakce na otevřené okno neodpovídá: podívej se do encounter_show a reaguj jiným bojovníkem či kouzlem, nebo zavolej reaction_resolve.
mcp-fix-no_slot_available = Nezbývá pozice té úrovně ani vyšší: dej si dlouhý odpočinek (rest, kind long), sešli trik, nebo vyber kouzlo nižší úrovně z options.
mcp-fix-slot_too_low = Pozice je pod úrovní kouzla: sešli ho nástrojem cast z vyšší pozice (level alespoň úroveň kouzla), nebo level vynech a použije se nejnižší vhodná.
mcp-fix-no_such_slot = Postava nemá pozici té úrovně: zavolej options, ukáže použitelné úrovně pozic, a sešli s jednou z nich.
mcp-fix-cantrip_takes_no_slot = Triky nepotřebují pozici: zavolej cast znovu bez level.
mcp-fix-spell_level_too_high = Postava kouzla té úrovně ještě sesílat neumí: vyber kouzlo nižší úrovně (options ukáže, co sesílat může).
mcp-fix-not_prepared = Nejdřív kouzlo připrav nástrojem prepare (nebo ho sešli jako rituál s ritual, je-li rituálem).
mcp-fix-not_known = Postava tento trik nezná: přidej ho nástrojem prepare, v mezích počtu triků.
mcp-fix-not_on_class_list = Kouzlo není na seznamech povolání postavy: najdi vhodná kouzla přes spell_search s class, nebo je-li vždy připravené díky podtřídě, odbornosti, druhu či Magickým tajemstvím, připrav ho s always true.
mcp-fix-too_many_prepared = Postava je na limitu: odpřiprav jiné kouzlo (prepare s unprepare true) a pak připrav toto.
mcp-fix-not_a_ritual = Toto kouzlo není rituál: sešli ho nástrojem cast z pozice (bez ritual).
mcp-fix-not_in_spellbook = Kouzlo není v knize kouzel: opiš ho tam nástrojem spellbook_add, nebo připrav jiné (knihu ukáže spellbook_show).
mcp-fix-damage_type_not_offered = Zvol typ zranění, který kouzlo nabízí (zpráva je vyjmenuje), a zavolej cast znovu s ním v damage_type.
mcp-fix-silenced = Postava teď sesílat nemůže: počkej, až stav skončí (next_turn nechá plynout čas), nebo jednej za jiného bojovníka.
mcp-fix-no_free_hand = Postavě chybí volná ruka nebo součást: vybav ji měšcem či ohniskem nástrojem equip (nebo uvolni ruku), nebo vyber jiné kouzlo z options.
mcp-fix-material_worth = Surovina musí mít aspoň svou cenu: uveď její hodnotu přes equip (material "diamond worth 300 GP"), nebo vybav dražší.
mcp-fix-out_of_range = Cíle kouzlu neodpovídají: přečti si ve spell_show dosah a cíle a zavolej cast znovu s menším počtem či jinými cíli.
mcp-fix-casting_in_progress = Probíhá dlouhé sesílání: každý tah v něm pokračuj nástrojem casting (step continue), nebo ho vzdej (step abandon); až čas uplyne, sešli s complete.
mcp-fix-feature_choice = Pište POVOLÁNÍ:PODTŘÍDA[:VOLBA] (druid:land:arid) nebo ODBORNOST[:SEZNAM][:KOUZLA] (magic-initiate:cleric:light,bless), kouzla podle seznamu a počtu; pak znovu character_features.
mcp-fix-feature_not_yet = Zatím nelze (úroveň povolání, potřebné vzývání, počet známých, nebo už zvoleno): viz character_show a vyber jiné.
mcp-fix-free_cast_cannot_upcast = Sesílání zdarma má úroveň dané schopnosti: zavolej cast bez level, nebo pro vyšší úroveň cast z pozice (bez via).
mcp-fix-wild_shape = V Divoké podobě se nekouzlí: nejdřív wild_shape s on false (Soustředění trvá); do podoby jen druid se zbývajícím použitím.
mcp-fix-no_uses_left = Tento předmět, schopnost či použití je vyčerpané nebo toto kouzlo neumí: sešli z pozice (bez via), nebo si odpočiň (postava nástrojem rest, tvor nástrojem creature_rest).
mcp-fix-creature_rest = Tvor vyčerpal svá použití za den (pozice kouzel nemá): vrátí se mu, až dokončí Dlouhý odpočinek nástrojem creature_rest, nebo nech jednat jiného bojovníka.
mcp-fix-no_concentration = Takové trvající kouzlo není: zavolej character_show a uvidíš, co působí (concentration_drop, dismiss a retarget pracují s tím, co vypíše).
mcp-fix-not_a_caster = Tento bojovník sesílat neumí: přidej sesilatele přes encounter_add (jméno postavy, nebo monster z monster_list).
mcp-fix-no_hit_points = Postava nemá zapsané životy: nastav je nástrojem hp (max a ac) a zkus to znovu.
mcp-fix-at_zero_hit_points = Sesilatel má 0 životů: nejdřív ho vyleč (nástrojem hp nebo cast), pak může znovu sesílat.
mcp-fix-long_rest_too_soon = Dlouhý odpočinek může začít až 16 hodin po konci předchozího: nech hodiny uplynout nástrojem wait, nebo si teď dejte krátký odpočinek nástrojem rest (kind short).
mcp-fix-long_rest_in_encounter = Postava bojuje v probíhajícím střetnutí: nejdřív boj ukončete nástrojem encounter_end, pak odpočívejte.
mcp-fix-unknown_spell = Takové kouzlo není: najdi ho přes spell_search (česky nebo anglicky, část jména) a použij jeho id.
mcp-fix-unknown_character = Taková postava ani střetnutí není: přesná jména ukáže character_list (nebo encounter_list), případně ji nejdřív vytvoř.
mcp-fix-unknown_encounter = Takové střetnutí není: jména ukáže encounter_list, nebo ho vytvoř nástrojem encounter_create.
mcp-fix-unknown_combatant = Tento bojovník ve střetnutí není: přidej ho přes encounter_add, nebo se podívej na jména v encounter_show.
mcp-fix-unknown_monster = Žádný statblok se tak nejmenuje: zavolej monster_list a použij jedno z jeho id.
mcp-fix-already_exists = Jméno je obsazené: zvol jiné, nebo použij existující (character_list, encounter_list).
mcp-fix-nothing_to_undo = Tady není co vrátit: nejdřív si přečti historii nástrojem log.
mcp-fix-conflict = Tentýž stav právě změnil někdo jiný: zavolej nástroj znovu.
mcp-fix-target_still_standing = Uhranutí či Lovcovo znamení lze přesunout až po pádu cíle na 0 životů: nejdřív mu způsob zranění nástrojem damage, pak zavolej retarget.
mcp-fix-too_costly = Plán je příliš velký pro přesný výpočet: zadej cíli víc údajů (ac, hp, záchrany) nebo menší top.
mcp-fix-invalid_argument = Oprav uvedený argument podle schématu (délka, rozsah, bez úvodního „-“) a zavolej znovu.
mcp-fix-usage = Některý argument nebyl přijat (zpráva ho jmenuje): oprav tu hodnotu a zavolej znovu.
mcp-fix-timeout = Příkaz trval příliš dlouho: zavolej znovu s užším dotazem (menší top či limit, přesnější hledání).
mcp-fix-output_too_large = Odpověď byla příliš velká: zuž dotaz (limit, top, hledaný text) a zavolej znovu.
mcp-fix-sheet = Deník se nepodařilo přečíst (zpráva jmenuje pole): zkontroluj format („foundry“ nebo „ddb“) a soubor, nebo zavolej check_sheet a podívej se, co obsahuje.
mcp-fix-busy = Server spouští jen několik příkazů najednou a všechny byly obsazené: chvíli počkej a zavolej znovu, jedno volání po druhém.
mcp-fix-database_unavailable = Databázi teď nelze použít: řekni to uživateli; --db serveru (nebo GRIMOIRE_DB) musí ukazovat na zapisovatelnou databázi Grimoiru.
mcp-fix-other = Přečti si zprávu, pak zavolej options pro to, co postava teď může, nebo encounter_show pro stav boje.
# A fix that ends with the tool call doing what it says ($tool, its $arguments as JSON).
mcp-fix-call = { $fix } Zavolej: { $tool } { $arguments }
# Example values in a fix's tool call, where the CLI's hint leaves "..." to fill in.
mcp-example-trigger = zasažen útokem
mcp-example-material = diamond worth 300 GP

## Parametr jazyka každého nástroje

# Jméno jazyka jeho vlastními slovy, ve schématu nástrojů.
mcp-language = Čeština.
mcp-lang-schema = Jazyk zpráv, rad a jmen v odpovědi nástroje.

## Argumenty odmítnuté dřív, než příkaz běží

mcp-bound-max-length = { $path }: { $chars } { $chars ->
        [one] znak
        [few] znaky
       *[other] znaků
    }, povoleno nejvýš { $max }
mcp-bound-min-length = { $path }: { $chars } { $chars ->
        [one] znak
        [few] znaky
       *[other] znaků
    }, potřeba aspoň { $min }
mcp-bound-flag = { $path }: nesmí začínat znakem „-“
mcp-bound-control = { $path }: nesmí obsahovat řídicí znaky
mcp-bound-maximum = { $path }: { $n } je nad maximem { $max }
mcp-bound-minimum = { $path }: { $n } je pod minimem { $min }
mcp-bound-max-items = { $path }: { $len } { $len ->
        [one] položka
        [few] položky
       *[other] položek
    }, povoleno nejvýš { $max }
mcp-bound-min-items = { $path }: { $len } { $len ->
        [one] položka
        [few] položky
       *[other] položek
    }, potřeba aspoň { $min }
mcp-args-house-rules = uveďte action i rule, nebo ani jedno pro čtení domácích pravidel
mcp-args-turn = zadejte právě jedno: encounter (v boji), nebo character (mimo boj)
mcp-args-damage-type = damage_type uplatní odolnosti účastníka: zadej k němu i encounter
mcp-args-rest = uveď character, nebo all true a žádnou postavu (hit_dice pak „auto“ nebo položky JMÉNO=KOSTKY oddělené „;“)
mcp-args-history = zadej name (s encounter true pro střetnutí), nebo house_rules true bez name
mcp-args-sheet = zadej právě jedno: file (cestu na tomto počítači), nebo sheet (samotný JSON)
mcp-args-sheet-size = deník má přes 2 MiB JSON, nebo ho nešlo zapsat, aby ho příkaz přečetl

## Spouštění příkazu grimoire

mcp-run-cannot-start = { $exe } nelze spustit: { $error }
mcp-run-no-output = výstup příkazu nelze přečíst
mcp-run-timeout = příkaz neskončil do { $seconds } s
mcp-run-read = čtení výstupu příkazu: { $error }
mcp-run-too-large = odpověď je větší než { $limit } B
mcp-run-failed = příkaz selhal (návratový kód { $code }): { $excerpt }
mcp-run-busy = najednou smí běžet nejvýše { $max } příkazy a žádný z nich neskončil do { $seconds } s
mcp-fix-metamagic_not_known = Použij jen volby, které character_show uvádí u metamagie, a zavolej cast znovu (nebo bez metamagie).
mcp-fix-metamagic_not_applicable = Zavolej cast znovu bez té volby nebo s volbou, která se ke kouzlu hodí (options je uvádí u každého kouzla).
mcp-fix-metamagic_one_per_spell = Zavolej cast znovu s jedinou volbou (přidat lze Posílené a Hledající kouzlo).
mcp-fix-too_many_metamagic_options = Zavolej cast znovu nejvýš se třemi volbami.
mcp-fix-quickened_after_spell = Zavolej cast znovu bez quickened (v tomto tahu už padlo kouzlo 1. či vyšší úrovně), nebo ukonči tah nástrojem next_turn.
mcp-fix-spell_after_quickened = Sešli teď trik, nebo ukonči tah nástrojem next_turn a sešli kouzlo v dalším tahu.
mcp-fix-subclass_feature_not_had = Zavolej cast znovu bez sculpt a overchannel; podtřídu volí character_features.
mcp-fix-sculpt = Zavolej cast znovu se sculpt, který jmenuje nejvýš 1 + úroveň kouzla jeho cílů, a jen u evokačního kouzla.
mcp-fix-overchannel_unfit = Zavolej cast znovu bez overchannel, nebo se zraňujícím kouzelnickým kouzlem z pozice 1. až 5. úrovně.
