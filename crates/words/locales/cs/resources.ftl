# Třídní zdroje, kterými se platí za kouzla (SRD 5.2): body čarodějnictví,
# Pramen magie, Čarodějné zotavení, Vrozené čarodějnictví, Arkánní
# zotavení, Magická lstivost.

## Třídní schopnosti

feature-font-of-magic = Pramen magie
feature-sorcerous-restoration = Čarodějné zotavení
feature-innate-sorcery = Vrozené čarodějnictví
feature-sorcery-incarnate = Vtělené čarodějnictví
feature-arcane-recovery = Arkánní zotavení
feature-magical-cunning = Magická lstivost
feature-metamagic = Metamagie
feature-natural-recovery = Přírodní zotavení
feature-memorize-spell = Zapamatování kouzla

## Odmítnutí

refusal-feature_not_had = { $feature } přichází s { $level }. úrovní povolání { $class }; tato postava má v povolání { $class } úroveň { $have }
refusal-no_sorcery_points = { $feature } potřebuje { $needed } bodů čarodějnictví a zbývá jich { $left }
refusal-sorcery_points_full = ta pozice dá { $gain } bodů čarodějnictví, ale už jich je { $points } z nejvýš { $max } ({ $feature }): zbytek by propadl
refusal-slot_too_high_to_create = { $feature } vytvoří pozice nejvýš 5. úrovně, ne { $level }. úrovně
refusal-sorcerer_level_too_low = { $feature } vytvoří pozici { $level }. úrovně až od { $needed }. úrovně čaroděje; tato postava je čarodějem { $have }. úrovně
refusal-arcane_recovery_used = { $feature } už bylo od posledního dlouhého odpočinku použito
refusal-magical_cunning_used = { $feature } už byla od posledního dlouhého odpočinku použita
refusal-sorcerous_restoration_used = { $feature } už bylo od posledního dlouhého odpočinku použito
refusal-feature_used = schopnost { $feature } už byla od posledního dlouhého odpočinku použita
refusal-no_feature_uses = schopnost { $feature } nemá do dlouhého odpočinku žádná použití
refusal-nothing_to_recover = schopnost { $feature } by nic nevrátila: nic z toho, co obnovuje, není utraceno
refusal-arcane_recovery_too_many_levels = { $feature } vrátí pozice v součtu nejvýš { $max } úrovní (polovina úrovně kouzelníka, zaokrouhleno nahoru), ne { $asked }
refusal-arcane_recovery_slot_too_high = { $feature } nevrací pozice 6. ani vyšší úrovně, tedy ani { $level }. úrovně
refusal-slot_not_expended = { $feature } vrací jen utracené pozice a pozic { $level }. úrovně je utraceno méně, než se žádá
refusal-natural_recovery_used = { $feature } už od posledního dlouhého odpočinku pozice vrátilo
refusal-natural_recovery_too_many_levels = { $feature } vrací pozice s úrovněmi dohromady nejvýš { $max } (polovina úrovně druida, nahoru), ne { $asked }
refusal-natural_recovery_slot_too_high = { $feature } nevrací pozice 6. a vyšší úrovně, tedy ani { $level }. úrovně
refusal-resource_subclass_not_chosen = { $feature } patří k podtřídě { $subclass ->
    [land] Kruh země
   *[other] { $subclass }
}, kterou tato postava nemá
refusal-memorize_not_prepared = { $feature } vyměňuje kouzlo kouzelníka 1. a vyšší úrovně připravené ze knihy kouzel; { $spell } takové není
refusal-memorize_not_in_book = { $feature } připraví kouzlo kouzelníka 1. a vyšší úrovně z knihy kouzel (je-li vedena), které ještě připravené není; { $spell } takové není
refusal-innate_sorcery_active = { $feature } už působí, ještě { $rounds_left } kol
refusal-needs_short_rest = schopnost { $feature } se používá na konci krátkého odpočinku: odpočívej s --short

## Vysvětlení na webovém stole

web-explain-feature_not_had = Úroveň povolání postavy tuto schopnost ještě nedává.
web-explain-no_sorcery_points = Nezbývá dost bodů čarodějnictví; dlouhý odpočinek je vrátí všechny.
web-explain-sorcery_points_full = Body by přesáhly maximum; nejdřív nějaké utrať.
web-explain-slot_too_high_to_create = Pramen magie vytváří jen pozice 1. až 5. úrovně.
web-explain-sorcerer_level_too_low = Pozice té úrovně potřebuje vyšší úroveň čaroděje.
web-explain-arcane_recovery_used = Arkánní zotavení funguje jednou za dlouhý odpočinek.
web-explain-magical_cunning_used = Magická lstivost funguje jednou za dlouhý odpočinek.
web-explain-sorcerous_restoration_used = Čarodějné zotavení funguje jednou za dlouhý odpočinek.
web-explain-feature_used = Tato schopnost funguje jednou za dlouhý odpočinek.
web-explain-no_feature_uses = Do dlouhého odpočinku nezbývá žádné použití.
web-explain-nothing_to_recover = Nic není utraceno, takže se nemá co vrátit.
web-explain-arcane_recovery_too_many_levels = Arkánní zotavení vrátí pozice v součtu úrovní nejvýš poloviny úrovně kouzelníka, zaokrouhleno nahoru.
web-explain-arcane_recovery_slot_too_high = Arkánní zotavení nevrací pozice 6. ani vyšší úrovně.
web-explain-slot_not_expended = Vracejí se jen utracené pozice.
web-explain-natural_recovery_used = Přírodní zotavení vrací pozice jednou za dlouhý odpočinek.
web-explain-natural_recovery_too_many_levels = Přírodní zotavení vrací pozice s úrovněmi dohromady nejvýš do poloviny úrovně druida, zaokrouhleno nahoru.
web-explain-natural_recovery_slot_too_high = Přírodní zotavení nevrací pozice 6. a vyšší úrovně.
web-explain-resource_subclass_not_chosen = Tato schopnost patří k podtřídě, kterou postava nemá.
web-explain-memorize_not_prepared = Zapamatování kouzla vyměňuje kouzlo kouzelníka připravené z knihy kouzel.
web-explain-memorize_not_in_book = Zapamatování kouzla připraví kouzlo z knihy, které ještě připravené není.
web-explain-innate_sorcery_active = Vrozené čarodějnictví už působí.
web-explain-needs_short_rest = Tohle přichází s koncem krátkého odpočinku.

## Opravy pro MCP

mcp-fix-no_sorcery_points = Nedostatek bodů čarodějnictví: přeměň pozici na body (font_of_magic s to_points), vyber levnější volbu, nebo si odpočiň (rest s kind long).
mcp-fix-font_of_magic = Pramen magie tohle neumí: v character_show zkontroluj úroveň čaroděje, zbylé body a úroveň pozice (1 až 5), pak zavolej font_of_magic znovu.
mcp-fix-once_per_rest = Ta schopnost je do dlouhého odpočinku vyčerpaná, nebo není co vrátit: zkontroluj character_show, pak rest s kind long.
mcp-fix-arcane_recovery = Vyber utracené pozice nejvýš 5. úrovně, jejichž úrovně dají dohromady nejvýš polovinu úrovně kouzelníka (nahoru), pak rest s kind short a arcane_recovery.

mcp-fix-natural_recovery = Vyber utracené pozice nejvýš 5. úrovně, jejichž úrovně dají dohromady nejvýš polovinu úrovně druida (nahoru), pak rest s kind short a natural_recovery.
mcp-fix-memorize_spell = V character_show zkontroluj připravená kouzla a knihu kouzel, pak rest s kind short a memorize (forget: připravené kouzlo z knihy, learn: kouzlo z knihy, které připravené není).
mcp-fix-resource_subclass_not_chosen = Nejdřív zvol podtřídu (character_features), nebo tuto schopnost při odpočinku vynech.

## Příkazová řádka

cli-resources-points = Body čarodějnictví: { $points } z { $max }
cli-resources-created = vytvořené pozice: { $slots }
cli-resources-innate = Vrozené čarodějnictví: { $uses } z { $max } použití
cli-resources-innate-active = Vrozené čarodějnictví: působí ještě { $rounds } kol
cli-resources-restoration = Čarodějné zotavení: { $state ->
    [used] použito
   *[ready] připraveno
}
cli-resources-arcane = Arkánní zotavení: { $state ->
    [used] použito
   *[ready] připraveno, pozice v součtu až { $levels } úrovní
}
cli-resources-cunning = Magická lstivost: { $state ->
    [used] použita
   *[ready] připravena
}
cli-font-to-points = { $name } mění pozici { $level }. úrovně na { $points } bodů čarodějnictví (teď { $left }).
cli-font-to-slot = { $name } mění { $points } bodů čarodějnictví na pozici { $level }. úrovně (zbývá { $left } bodů).
cli-innate-started = { $name } probouzí Vrozené čarodějnictví na 1 minutu: +1 k SO záchrany a výhoda na hody na útok čarodějových kouzel.
cli-innate-incarnate = { $name } probouzí Vrozené čarodějnictví Vtěleným čarodějnictvím za { $points } body čarodějnictví.
cli-cunning-done = { $name } koná obřad Magické lstivosti: vrací se { $count } pozic paktu.
cli-rest-arcane = Arkánní zotavení: vrací se pozice úrovně { $levels }.
cli-bad-natural-recovery = --natural-recovery bere úrovně pozic oddělené čárkami, např. 3,1 (zadáno { $given })
cli-resources-natural = Přírodní zotavení: { $state ->
    [used] použito
   *[ready] připraveno, úrovně pozic až { $levels }
}
cli-rest-restoration = Čarodějné zotavení: vrací se { $points } bodů čarodějnictví.
cli-font-usage = řekni kterým směrem: --to-points ÚROVEŇ (pozice se změní na body čarodějnictví) nebo --to-slot ÚROVEŇ (body se změní na pozici)
cli-bad-arcane-recovery = --arcane-recovery chce úrovně pozic oddělené čárkami, např. 3,1 (zadáno { $given })
cli-options-points-slot = pozice { $level }. úrovně z { $points } bodů čarodějnictví
web-opt-points = pozice { $level }. úr. z { $points } bodů čarodějnictví
mcp-args-font = zadej právě jedno z to_points a to_slot (pact jen s to_points)
web-sheet-sorcery-points = Body čarodějnictví
web-sheet-innate-sorcery = Vrozené čarodějnictví
web-sheet-created-slots = vytvořeno z bodů: { $slots }
web-sheet-resource-pips = { $name }: zbývá { $left } z { $total }

## Nápověda příkazů

help-grimoire-font = Pramen magie: změní pozici na body čarodějnictví, nebo body na pozici (čaroděj 2+)
help-grimoire-font--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-font--to_points = Utratí pozici této úrovně za stejný počet bodů čarodějnictví (bez akce)
help-grimoire-font--to_slot = Utratí body čarodějnictví za pozici této úrovně, 1 až 5 (bonusová akce)
help-grimoire-font--pact = S --to-points: utratí pozici paktu
help-grimoire-innate = Probudí Vrozené čarodějnictví na 1 minutu (bonusová akce; čaroděj)
help-grimoire-innate--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-cunning = Magická lstivost: minutový obřad vrátí pozice paktu (černokněžník 2+)
help-grimoire-cunning--name = Postava; vynechte pro aktivní (grimoire use JMÉNO)
help-grimoire-rest--arcane_recovery = Arkánní zotavení na konci krátkého odpočinku: úrovně utracených pozic, které se vrátí (3,1)
help-grimoire-rest--natural_recovery = Přírodní zotavení (druid Kruhu země od 6. úrovně) na konci krátkého odpočinku: úrovně utracených pozic, které se vrátí (3,1)
help-grimoire-rest--memorize = Zapamatování kouzla (kouzelník od 5. úrovně) na konci krátkého odpočinku: kouzlo z knihy, které se připraví; --forget jmenuje to, které nahradí
help-grimoire-rest--forget = S --memorize: připravené kouzlo, které Zapamatování kouzla nahradí
help-grimoire-rest--sorcerous_restoration = Čarodějné zotavení na konci krátkého odpočinku: vrátí body čarodějnictví
help-after-grimoire-font =
    Příklady:
      grimoire font Sera --to-slot 3          5 bodů čarodějnictví se změní na pozici 3. úrovně
      grimoire font Sera --to-points 2        pozice 2. úrovně se změní na 2 body čarodějnictví
      grimoire font Vex --to-points 2 --pact  pozice paktu se změní na body
help-after-grimoire-innate =
    Příklady:
      grimoire innate Sera
help-after-grimoire-cunning =
    Příklady:
      grimoire cunning Vex
