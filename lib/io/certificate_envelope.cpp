#include "io/certificate_envelope.hpp"
#include <nlohmann/json.hpp>

#include "io/sha256.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

// ExactJson (numbers as source text) -> plain JSON; only integers are allowed as numbers.
nlohmann::json to_plain(const ExactJson& v, const JsonAt& at) {
  if (is_json_number(v)) {
    const std::string text(json_number_text(v));
    const bool integer = !text.empty() && text.find_first_not_of("-0123456789") == std::string::npos;
    if (!integer)
      at.fail("unexpected non-integer number " + text.substr(0, 40) + " (certificates hold numbers as strings)");
    try {
      return text[0] == '-' ? nlohmann::json(std::stoll(text)) : nlohmann::json(std::stoull(text));
    } catch (const std::exception&) {
      at.fail("integer out of range: " + text.substr(0, 40));
    }
  }
  if (v.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : v.items()) out[item.key()] = to_plain(item.value(), at.key(item.key()));
    return out;
  }
  if (v.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(to_plain(v[i], at.index(i)));
    return out;
  }
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>();
  return nullptr;
}

void strip_volatile(nlohmann::json& j) {
  if (j.is_object()) {
    for (const char* timing : kTimingMembers) j.erase(timing);
    for (auto& [k, v] : j.items()) strip_volatile(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip_volatile(v);
  }
}

}  // namespace

std::string canonical_certificate_text(const nlohmann::json& certificate) {
  nlohmann::json c = certificate;
  if (c.is_object()) c.erase("sha256");
  strip_volatile(c);
  return c.dump();
}

std::string certificate_sha256(const nlohmann::json& certificate) {
  return sha256_hex(canonical_certificate_text(certificate));
}

nlohmann::json read_certificate_file(const std::string& path) {
  const ExactJson doc = read_exact_json_file(path);
  const JsonAt top(path);
  json_object(doc, top);
  nlohmann::json c = to_plain(doc, top);
  const auto fmt_it = c.find("format");
  if (fmt_it == c.end() || *fmt_it != kCertificateFormat)
    top.key("format").fail(std::string("not an \"") + kCertificateFormat + "\" certificate");
  const auto kind_it = c.find("kind");
  if (kind_it == c.end() || !kind_it->is_string()) top.key("kind").fail("expected the certificate's kind (a string)");
  return c;
}

std::string certificate_kind(const nlohmann::json& certificate) { return certificate.at("kind").get<std::string>(); }

}  // namespace approxcert
