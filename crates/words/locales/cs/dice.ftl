# Chyby zápisu kostek (ParseError a DistributionError z grimoire-dice).

error-dice_syntax = chyba zápisu kostek na znaku { $position }: očekáváno { $expected }
error-dice_too_many = příliš mnoho kostek na znaku { $position }: { $count }, nejvýše { $limit }
error-dice_too_many_sides = kostka na znaku { $position } má { $sides } stěn, nejvýše { $limit }
error-dice_zero_sides = kostka na znaku { $position } nemá žádnou stěnu
error-dice_expression_too_long = zápis kostek je delší než { $limit } znaků
error-dice_too_deep = zápis je na znaku { $position } zanořen příliš hluboko (nejvýše { $limit } úrovní)
error-dice_number_too_large = číslo na znaku { $position } je příliš velké (nejvýše { $limit })
error-dice_impossible_reroll = přehoz na znaku { $position } platí pro všechny stěny, nikdy by neskončil
error-dice_impossible_explode = exploze na znaku { $position } platí pro všechny stěny, nikdy by neskončila
error-dice_keep_too_many = ponechání na znaku { $position } chce { $requested } kostek, ale hází se jen { $count }
error-dice_bad_face_limit = mez stěny na znaku { $position } musí ležet mezi stěnami kostky
error-dice_duplicate_modifier = modifikátor na znaku { $position } se opakuje
error-dice_out_of_range = hodnota na znaku { $position } by mohla přesáhnout ±{ $limit }; použijte menší čísla nebo méně násobení
error-dice_division_by_zero = dělení nulou na znaku { $position }
error-dice_distribution_too_large = rozdělení by mělo { $span } hodnot, přesně se počítá nejvýše { $limit }
error-dice_distribution_too_costly = přesné rozdělení by potřebovalo víc než { $limit } kroků; zkuste méně kostek
error-dice_distribution_stopped = výpočet přesného rozdělení byl zastaven dřív, než skončil: došel mu čas

dice-expected-operand = číslo, kostku (k6/d6), závorku nebo znaménko
dice-expected-operator = operátor (+ - * /) nebo konec zápisu
dice-expected-sides = počet stěn kostky nebo %
dice-expected-number = číslo
dice-expected-close = zavírací závorku
dice-expected-modifier = modifikátor (kh, kl, dh, dl, r, ro, !, mi, ma) nebo operátor
