# Odmítnutí aplikační vrstvy a katalogu (error-<kód>, catalog-<kód>).

error-unknown_character = postava „{ $name }“ neexistuje
error-unknown_encounter = střetnutí „{ $name }“ neexistuje
error-not_your_turn = na tahu je { $current }; { $caster } teď může seslat jen kouzlo s Reakcí
error-invalid_name = { $kind } { $problem }
error-too_many = příliš mnoho nebo příliš velké: { $field } (nejvýše { $limit })
error-spell_too_costly = toto seslání by dalo příliš mnoho práce: kvůli { $field } přesáhne mez { $limit } (kostky a položky karty, počítáno pro každý cíl)
error-target_still_standing = { $target } má ještě { $hp ->
        [one] { $hp } život
        [few] { $hp } životy
       *[other] { $hp } životů
    }; kouzlo lze přenést, až cíl klesne na 0
error-numbers_from_encounter = { $target } bojuje ve střetnutí { $encounter } a jeho čísla vede střetnutí: seslání je nesmí uvádět ({ $field }); uveďte jen jméno cíle
error-invalid_homebrew = soubor s vlastními kouzly odmítnut: { $errors }
error-unknown_homebrew = soubor s vlastními kouzly „{ $file }“ neexistuje
error-unknown_weapon = zbraň „{ $name }“ v SRD neexistuje; najdeš je v tabulce zbraní (dlouhý meč, dýka, dlouhý luk...)
error-weapon_not_carried = { $character } nenese zbraň { $weapon }: zbraně postavy nastaví equip
error-too_costly = plán nelze spočítat: { $message }
error-encounter_not_started = { $encounter } ještě nezačalo; nejdřív ho spusťte
error-encounter_started = { $encounter } už běží
error-already_in_encounter = { $name } už je ve střetnutí { $encounter }
error-unknown_monster = žádný tvor se nejmenuje „{ $name }“
error-missing_ac = { $target } nemá zapsané AC; zadejte ac
error-out_of_range = { $field } musí být { $min } až { $max }
error-bad_amount = { $field } musí být { $min } až { $max }

error-busy = právě probíhají jiné změny: { $kind } „{ $name }“; zkuste to znovu
error-invalid_request = neplatný požadavek: { $reason }
app-reason-rest_character = { $name } je postava: odpočívá jako postava, ne jako tvor ze střetnutí
app-reason-condition_character = { $name } je postava: její stavy se vedou na jejím listu, ne jako u tvora ze střetnutí
app-reason-creature_attack_outside_encounter = { $name } není v žádném probíhajícím střetnutí: tvor útočí na postavu jen ve střetnutí (grimoire encounter add, encounter start)
app-reason-creature_attack_numbers = útočný bonus a modifikátor zranění tvora jsou mezi -{ $max } a { $max }, zranění nejvýš { $dice } kostek
app-reason-eldritch_smite_melee = Čarodějný úder jde jen se zásahem paktovou zbraní: zbraní na blízko, ne střelnou
app-reason-eldritch_smite_not_known = { $name } nezná vzývání Čarodějný úder (grimoire character set { $name } --invocation eldritch-smite)
app-reason-no_pact_slot = { $name } nemá žádnou paktovou pozici pro Čarodějný úder (krátký odpočinek je vrátí)
app-reason-eldritch_smite_used = { $name } už v tomto tahu Čarodějný úder použil: jednou za tah
app-reason-cast_opens_window = sesílané kouzlo otevírá své okno tím, že je sesláno
app-reason-attack_bonuses_from_effects = hráč neposílá attack_bonuses: účinky v platnosti (Požehnání) je přidají samy
app-reason-spell_unknown = kouzlo { $spell } už není známo

name-kind-character = jméno postavy
name-kind-encounter = název střetnutí
name-kind-combatant = jméno účastníka střetnutí
name-kind-target = jméno cíle
name-kind-account = jméno účtu
name-kind-campaign = název kampaně
name-kind-item = název předmětu
name-kind-homebrew_file = název souboru s domácími kouzly

name-problem-empty = nesmí být prázdné
name-problem-too_long = má nejvýš { $max } znaků (toto má { $chars })
name-problem-invisible = nesmí obsahovat řídicí ani neviditelné formátovací znaky (nalezen { $found })
name-problem-slash = nesmí obsahovat '/' ani '\'
name-problem-blank = nesmí obsahovat znaky, které nic nekreslí (nalezen { $found })
name-problem-confusable = vypadá jako existující „{ $existing }“; zvolte jméno, které se za něj nemůže vydávat
name-problem-creature = je (nebo připomíná) jméno tvora „{ $existing }“ ve střetnutí { $encounter }; postava se nesmí vydávat za tvora, zvolte jiné jméno
name-problem-character = je (nebo připomíná) jméno postavy „{ $existing }“; tvor se nesmí vydávat za postavu, zvolte jiné jméno
name-problem-mixed_scripts = míchá písmena dvou písem ({ $first }, { $second }), takže by se mohlo vydávat za jiné jméno; pište jedním písmem

catalog-homebrew_io = { $file }: soubor nelze přečíst: { $message }
catalog-homebrew_parse = { $file }: chybný soubor kouzel: { $message }
catalog-homebrew_invalid_field = { $file }: kouzlo { $spell }: pole { $field }: { $message }
catalog-duplicate_spell = kouzlo s id "{ $id }" je definováno dvakrát: v { $first } a znovu v { $second }
catalog-monster_invalid_field = { $file }: tvor { $monster }: pole { $field }: { $message }
catalog-duplicate_monster = tvor s id "{ $id }" je definován dvakrát: v { $first } a znovu v { $second }
catalog-unknown_monster = žádný tvor se nejmenuje "{ $query }"
catalog-unknown_spell = žádné kouzlo se nejmenuje "{ $query }"

plan-target-too_long = cíl má nejvýš { $max } znaků
plan-target-number = { $key }={ $value }: zadejte celé číslo od { $min } do { $max }
plan-target-key_value = „{ $part }“: pište klíč=hodnota (oc=15, zivoty=40, obr=+2, odolny=ohnivé)
plan-target-damage = { $key }={ $value }: není druh zranění (ohnivé, chladné, ...)
plan-target-key = „{ $key }“ není oc, zivoty, odolny, zranitelny, imunni ani vlastnost (sil ... cha)

# Odmítnutí úložiště (jméno obsazené, změna, kterou předběhl někdo jiný,
# nevratná změna), složené z jeho údajů.
store-not_found = { $kind } „{ $name }“ neexistuje
store-already_exists = { $kind } „{ $name }“ už existuje
store-conflict = mezitím to změnil někdo jiný: { $kind } „{ $name }“ (čekaná verze { $expected }, nalezená { $found })
store-nothing_to_undo = není co vrátit: { $kind } „{ $name }“
store-undo_forbidden = změnu č. { $change } nemůžete vrátit: týká se i toho, co měnit nesmíte: { $kind } „{ $name }“; požádejte o vrácení toho, kdo smí (GM)
store-undo_blocked = změnu č. { $change } nelze vrátit: od té doby přišly další změny: { $kind } „{ $name }“; nejdřív vraťte ty pozdější
store-invalid_change = neplatná změna: { $detail }
store-change_too_large = { $what ->
    [events] záznam této změny v deníku by zabral
   *[change] tato změna by zabrala
} { $bytes } bajtů; uložit lze nejvýš { $limit }, a tak se nic nezapsalo
store-kind-character = postava
store-kind-encounter = střetnutí
store-kind-campaign = kampaň
store-kind-account = účet
store-kind-token = token
store-kind-other = { $kind }
