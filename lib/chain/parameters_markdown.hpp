#pragma once
// The Parameters section of a certificate's Markdown page (render_markdown). Not a rigorous
// function: it only formats the recorded parameters for people; the certificate holds them exactly.
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace approxcert::chain {

// One bullet per parameter: short values as inline code, an embedded approxcert-net/1 network as
// its shape ("2 inputs; dense 2->12, relu, dense 12->1"), longer objects as nested bullets (two
// levels), anything longer as its size with a pointer to the certificate. "none" for no parameters.
std::string parameters_markdown(const nlohmann::json& parameters);

}  // namespace approxcert::chain
