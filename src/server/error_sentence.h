// The sentence a person reads for an API error. Errors are raised with a precise field path and a
// terse problem ("body.args.count", "expected a whole number from 0 to 50, got -3"), which tools
// and tests rely on; a person gets "Count must be a whole number from 0 to 50 (you typed -3)."
// Every error answer carries both (error_json, api.h), so every route gets the sentence for free.
#pragma once

#include <string>

namespace warband::server {

// "body.args.cast-skill" → "Cast skill", "body.setup.warbands[1]" → "Warbands #2", "body" →
// "The request", "query.step" → "Step", "header.Host" → "The Host header", "--skill" → "Skill".
std::string field_label(const std::string& where);

// The problem `what` at `where` as one sentence about the person's input, ending with a period.
std::string error_sentence(const std::string& where, const std::string& what);
// The same about a field a person knows by `label` ("Attack Strength"; "": no field).
std::string labelled_sentence(const std::string& label, const std::string& what);

}  // namespace warband::server
