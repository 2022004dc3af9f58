# Dice notation that cannot be read or breaks a limit (grimoire-dice's
# ParseError and DistributionError): error-<code>, with the numbers the
# error gives. The English is the dice crate's own Display, word for word.
# $position counts characters from 0.

# $expected is one of the dice-expected-* messages.
error-dice_syntax = dice syntax error at character { $position }: expected { $expected }
error-dice_too_many = too many dice at character { $position }: { $count } dice, at most { $limit } allowed
error-dice_too_many_sides = die at character { $position } has { $sides } sides, at most { $limit } allowed
error-dice_zero_sides = die at character { $position } has zero sides
error-dice_expression_too_long = dice expression is longer than { $limit } characters
error-dice_too_deep = dice expression nests too deep at character { $position } (at most { $limit } levels)
error-dice_number_too_large = number at character { $position } is too large (at most { $limit })
error-dice_impossible_reroll = reroll at character { $position } matches every face of the die, so it would never stop
error-dice_impossible_explode = explosion at character { $position } matches every face of the die, so it would never stop
error-dice_keep_too_many = keep/drop at character { $position } names { $requested } dice but the term rolls { $count }
error-dice_bad_face_limit = face limit at character { $position } must lie within the die's faces (and mi <= ma)
error-dice_duplicate_modifier = modifier at character { $position } is repeated
error-dice_out_of_range = the value at character { $position } could reach past ±{ $limit }; use smaller numbers or fewer multiplications
error-dice_division_by_zero = division by zero at character { $position }
error-dice_distribution_too_large = the distribution would span { $span } values, at most { $limit } are computed exactly
error-dice_distribution_too_costly = the exact distribution needs more than { $limit } steps; try fewer dice
error-dice_distribution_stopped = the exact distribution was stopped before it was done: its time ran out

# What a dice syntax error expected: the notation's own signs (d6, adv,
# kh, %) are typed as they are in every language.
dice-expected-operand = a number, a die (d6), 'adv', 'dis', '(' or a sign
dice-expected-operator = an operator (+ - * /) or the end of the expression
dice-expected-sides = the number of sides or '%'
dice-expected-number = a number
dice-expected-close = ')'
dice-expected-modifier = a modifier (kh, kl, dh, dl, r, ro, !, mi, ma) or an operator
