//! The shape of an `.ftl` text: its message ids, the variables each one
//! uses, and (for the browser) its patterns as `{name}` templates.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use crate::FtlError;

/// Every message of `ftl` with the variables it uses (`$level` as `level`).
pub fn variables(ftl: &str) -> Result<BTreeMap<String, BTreeSet<String>>, FtlError> {
    let resource = fluent_syntax::parser::parse(ftl)
        .map_err(|(_, errors)| FtlError::new(format!("{errors:?}")))?;
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            out.insert(m.id.name.to_owned(), vars);
        }
    }
    Ok(out)
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(e: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        _ => {}
    }
}

/// The messages of `ftl` whose id starts with `prefix`, each as a template
/// with `{name}` for `{ $name }` (what the browser's `t()` fills). A
/// message using more of Fluent than text and variables is an error: the
/// browser does not run Fluent.
pub fn templates(ftl: &str, prefix: &str) -> Result<Vec<(String, String)>, FtlError> {
    let resource = fluent_syntax::parser::parse(ftl)
        .map_err(|(_, errors)| FtlError::new(format!("{errors:?}")))?;
    let mut out = Vec::new();
    for entry in resource.body {
        let Entry::Message(m) = entry else { continue };
        if !m.id.name.starts_with(prefix) {
            continue;
        }
        let Some(p) = &m.value else { continue };
        let mut text = String::new();
        for e in &p.elements {
            match e {
                PatternElement::TextElement { value } => text.push_str(value),
                PatternElement::Placeable {
                    expression: Expression::Inline(InlineExpression::VariableReference { id }),
                } => {
                    text.push('{');
                    text.push_str(id.name);
                    text.push('}');
                }
                PatternElement::Placeable {
                    expression: Expression::Inline(InlineExpression::StringLiteral { value }),
                } => text.push_str(value),
                PatternElement::Placeable { .. } => {
                    return Err(FtlError::new(format!(
                        "{}: the browser's messages hold text and {{ $variables }} only",
                        m.id.name
                    )));
                }
            }
        }
        out.push((m.id.name.to_owned(), text));
    }
    Ok(out)
}
