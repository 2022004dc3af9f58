//! What every route can answer besides its own results, written into the
//! OpenAPI document once instead of on each handler: a client generator or
//! a contract tester (Schemathesis) then finds every status the server can
//! send, and every operation has an id of its own.

use std::collections::BTreeMap;

use utoipa::Modify;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, Response};

/// The `Modify` that completes the document (see the module text).
pub(crate) struct Contract;

impl Modify for Contract {
    fn modify(&self, openapi: &mut OpenApi) {
        unique_operation_ids(openapi);
        for item in openapi.paths.paths.values_mut() {
            for op in operations(item) {
                add_shared_responses(op);
                describe_campaign_ids(op);
            }
        }
    }
}

/// The operations of one path, whatever their method.
fn operations(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        item.get.as_mut(),
        item.put.as_mut(),
        item.post.as_mut(),
        item.delete.as_mut(),
        item.patch.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Handler names repeat across resources (`list`, `create`): an id used
/// more than once takes its tag in front (`characters_list`).
fn unique_operation_ids(openapi: &mut OpenApi) {
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    for item in openapi.paths.paths.values_mut() {
        for op in operations(item) {
            if let Some(id) = &op.operation_id {
                *uses.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for item in openapi.paths.paths.values_mut() {
        for op in operations(item) {
            let Some(id) = op.operation_id.clone() else {
                continue;
            };
            if uses.get(&id).copied().unwrap_or(0) > 1 {
                let tag = op
                    .tags
                    .as_ref()
                    .and_then(|t| t.first())
                    .cloned()
                    .unwrap_or_else(|| "api".into());
                op.operation_id = Some(format!("{tag}_{id}"));
            }
        }
    }
}

/// A campaign id in a path is 1-40 of `a-z`, `0-9` and `-`
/// (`access::check_campaign_id`); the schema says so.
fn describe_campaign_ids(op: &mut Operation) {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    for p in op.parameters.iter_mut().flatten() {
        if p.name == "campaign"
            && matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Path)
        {
            p.schema = Some(RefOr::T(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(CAMPAIGN_ID_PATTERN))
                    .min_length(Some(1))
                    .max_length(Some(40))
                    .into(),
            ));
        }
    }
}

/// The campaign id pattern, as the server checks it.
pub(crate) const CAMPAIGN_ID_PATTERN: &str = "^[a-z0-9-]{1,40}$";

/// An error response with the shared error body.
fn error(description: &str) -> RefOr<Response> {
    let content = Content::new(Some(Ref::from_schema_name("ErrorBody")));
    RefOr::T(
        utoipa::openapi::ResponseBuilder::new()
            .description(description)
            .content("application/json", content)
            .build(),
    )
}

/// The statuses any route may answer, each added where the route does not
/// document it already.
fn add_shared_responses(op: &mut Operation) {
    let authenticated = op.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_body = op.request_body.is_some();
    let has_path_params = op.parameters.as_ref().is_some_and(|p| {
        p.iter()
            .any(|p| matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Path))
    });
    let mut shared = vec![
        (
            "400",
            "a malformed request: a path, query or body that cannot be read, or a body not sent as application/json",
        ),
        (
            "408",
            "the request took longer than the server allows (request_timeout)",
        ),
        (
            "429",
            "too many requests from this address or account (rate_limited, too_many_streams)",
        ),
        (
            "503",
            "the database cannot be reached or has gone (database_unavailable, database_lost)",
        ),
    ];
    if authenticated {
        shared.push(("401", "no token, or a wrong, revoked or expired one"));
        shared.push(("403", "the token's account may not do this here"));
    }
    if has_path_params {
        shared.push(("404", "no such campaign, character, encounter or spell"));
    }
    if has_body {
        shared.push(("413", "the body is larger than the server accepts"));
        shared.push((
            "422",
            "the body does not fit its schema, or the rules refuse",
        ));
    }
    for (status, description) in shared {
        op.responses
            .responses
            .entry(status.to_owned())
            .or_insert_with(|| error(description));
    }
}
