## Co pravidla poznamenají k akci nebo k výsledku cíle (Note pravidel, v
## JSON `code`): `note-<code>`. $spell je jméno kouzla v jazyce čtenáře,
## $ability zkratka vlastnosti, $type slovo druhu zranění, $types druhy
## tvorů spojené slovem roll-or.

note-cast_at_level = R6: sesláno jako kouzlo { $level }. úrovně
note-casting_takes = R12: sesílání trvá kol: { $rounds }, se Soustředěním; pozice se utratí, jen když se dokončí
note-casting_continues = R12: sesílání kouzla { $spell } pokračuje, zbývá kol: { $left }
note-casting_ready = R12: kouzlo { $spell } lze dokončit
note-spell_ended = R15: kouzlo { $spell } skončilo
note-spell_moves = kouzlo { $spell } přechází na cíl { $target }
note-concentration_ends_incapacitated = Soustředění končí: sesilatel má stav Neschopný
note-scroll_failed = R5d: ověření svitku se nezdařilo: kouzlo ze svitku zmizí bez účinku
note-save_dc = záchrana { $ability } proti SO { $dc }
note-no_extra_damage = { $type } zranění se neházelo: zraňuje jen tyto druhy: { $types }, a žádný cíl k nim nepatří
note-appears_to_succeed = R18: cíl zdánlivě uspěje v záchraně
note-no_effect_on_target = R18: kouzlo na tento cíl nepůsobí
note-save_not_rolled = záchrana nehozena: SO { $dc } { $ability }; při neúspěchu jak uvedeno, při úspěchu { $success }
note-success-half = poloviční zranění a žádné stavy
note-success-none = žádný účinek
note-turn_save_not_rolled = záchrana nehozena: SO { $dc } { $ability }; uvedené zranění platí při neúspěchu
note-more_damage = o { $amount } víc ({ $type } zranění), je-li cíl { $types }; uveď jeho druh, aby se započetlo
note-ac_unknown = OČ neznámé: uvedené zranění platí při zásahu
note-font_of_magic_points = Pramen magie: pozice { $level }. úrovně se změnila v body čarodějnictví: { $points }
note-font_of_magic_slot = Pramen magie: body čarodějnictví ({ $points }) se změnily v pozici { $level }. úrovně do příštího dlouhého odpočinku
note-innate_sorcery = Vrozené čarodějnictví: +1 k SO záchran a výhoda k hodům na útok čarodějových kouzel na 1 minutu
note-sorcery_incarnate = Vtělené čarodějnictví: body čarodějnictví ({ $points }) spouštějí Vrozené čarodějnictví na 1 minutu
note-magical_cunning = Magická lstivost: pozice paktu zpět: { $count }
note-arcane_recovery = Arkánní zotavení: pozice úrovní { $levels } jsou zpět
note-natural_recovery = Přírodní zotavení: pozice úrovní { $levels } jsou zpět
note-memorize_spell = Zapamatování kouzla: připraveno kouzlo { $learned } místo kouzla { $forgot }
note-sorcerous_restoration = Čarodějné zotavení: body čarodějnictví zpět: { $points }
