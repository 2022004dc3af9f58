# The table server's own messages (grimoire-server's ServerError): sent
# in the "message" of an error body, in the request's language.

## The request itself

# $detail, here and below: what axum, serde or the JSON parser said, in
# their own English; keep it last, after a colon, as a technical detail.
server-unreadable = the request could not be read: { $detail }
server-json_content_type = send the body as JSON, with the header Content-Type: application/json
# $line, $column: where the body stops being JSON (both from 1).
server-json_syntax = the body is not valid JSON at line { $line }, column { $column }: { $detail }
server-json_eof = the JSON body ends too early (line { $line }, column { $column })
server-body_not_object = the body must be a JSON object, as the operation's schema describes
server-body_mismatch = the JSON body does not fit the operation's schema: { $detail }
# $field: the field's path as the API spells it (classes[0].class).
server-body_field = field { $field } does not fit the operation's schema: { $detail }
server-query_mismatch = the query string does not fit the operation's parameters: { $detail }
server-query_field = query parameter { $field } cannot be read: { $detail }
server-body_too_large = the request body is larger than the limit of { $limit } bytes (2 MiB); send less
server-no_route = no such endpoint
server-request_timeout = the request took longer than { $seconds } s and was stopped; if it asked for a change, check whether it was made before sending it again
# $what: one of the server-rate-* or server-too_many_streams messages.
server-too_many_requests = { $what }; try again in { $seconds } s
server-rate-failed_sign_ins = too many wrong tokens from your address (a right token still works)
server-rate-accounts_from_address = too many accounts created from your address
server-rate-accounts_on_server = too many accounts created on this server
server-rate-tokens_from_address = too many tokens created from your address
server-too_many_streams = too many live-update streams open (at most { $per_account } per account, { $total } in all); close one

## Tokens, campaigns and roles

server-token-missing = missing API token: send Authorization: Bearer <token>
server-token-malformed = malformed Authorization header
server-token-not_bearer = malformed Authorization header: expected Bearer <token>
server-token-unknown = unknown or revoked API token
server-token-expired = this API token has expired; sign in again for a new one
server-too_many_tokens = an account holds at most { $max } tokens; revoke one first (GET /me/tokens, DELETE /me/tokens/{"{"}id{"}"})
server-unknown_token = you have no token with id "{ $id }" (see GET /me/tokens)
server-bad_campaign_id = campaign id "{ $id }" must be 1-40 characters of a-z, 0-9 and -
server-not_member = you are not a member of campaign "{ $id }"
server-unknown_account = no account named "{ $account }"
server-unknown_player = "{ $account }" is not a player of campaign "{ $campaign }"
server-owner_not_member = "{ $account }" is not a member of this campaign
server-not_owner = "{ $character }" belongs to another player; only its owner or the GM may act for it
# $action: one of the server-gm-* messages.
server-gm_only = only the GM of "{ $campaign }" may { $action }
server-gm-add_players = add players
server-gm-remove_players = remove players
server-gm-invite_players = invite players
server-gm-create_encounters = create encounters
server-gm-run_encounters = run encounters
server-gm-upload_homebrew = upload homebrew
server-gm-set_house_rules = set house rules
server-gm-creature_attack = make a creature's attack
server-gm-party_rest = rest the whole party
server-gm-create_for_others = create characters for other players
server-gm-answer_for_others = answer for others
server-gm_answers_for = only the GM answers for { $name }

## Values out of bounds

# $field: the request field as the API spells it (hp, limit).
server-range = { $field } must be { $min }-{ $max }
server-range-to = { $field } must be { $min } to { $max }
server-bad_duration = rounds must be { $min }-{ $max } (a day)
server-bad_top = top is { $min } to { $max }
server-bad_before = before must be a change id (1 or more)
server-too_many_targets = at most { $max } targets
server-too_many_relaxed = relaxed lists at most { $max } rules
server-too_many_materials = at most { $hands } free hands and { $materials } materials of { $chars } characters
# $rule: the id sent in the list, as sent (at most 20 characters).
server-unknown_house_rule = relaxed: "{ $rule }" cannot be relaxed; a table may relax R10, R11 or R14
# $detail here: the dice crate's error, worded in the reader's language
# (dice.ftl).
server-dice = { $detail }
# A cast body's field the API does not know; $fields lists those it does.
server-cast-unknown_field = unknown field { $field }; a cast takes: { $fields }
server-cast-on_hit = on_hit_damage is filled in by the server; send none

## Encounters

server-encounter_not_started = { $encounter } has not started; start it first
server-encounter_running = { $encounter } is already running
server-join_before_start = combatants join before the encounter starts
server-already_in_encounter = { $name } is already in { $encounter }
server-missing_ac = { $target } has no AC on record; give ac

## The store and the server failing

server-busy = { $kind } "{ $name }" is being changed by others; try again
server-store-read_only = the database is read-only; an operator must make it writable (trying again will not help)
server-store-unavailable = the database is unavailable; try again
server-database_lost = the database file was removed or replaced while the server ran; nothing more is read or written until an operator restores it and restarts the server
server-outcome_unknown = the database took too long to say whether the change was saved; it may have been: look before sending it again
server-internal = internal error

## Sheets from other tools (issue 36)

# What cli-import-error-* call the uploaded file.
server-import-the_sheet = the sheet
server-gm-import_for_others = import characters for other players

## Invites (issue 37)

server-invalid_invite = an invite admits 1–{ $uses } players and lasts 1–{ $hours } hours
server-too_many_invites = a campaign holds at most { $max } live invites; revoke one first
server-unknown_invite = this campaign has no live invite with id "{ $id }"
server-invite_unusable = this invite seats nobody: it was revoked, used up or has expired; ask the GM for a new one
