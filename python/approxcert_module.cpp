// The approxcert Python module's native part (_approxcert): thin bindings over the C++ library, no
// logic of its own. Numbers cross as exact text ("p/q" or decimals), which python/approxcert turns
// into fractions.Fraction; nothing crosses as a float.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/supnorm.hpp"
#include "supnorm/supnorm_run.hpp"
#include "theorems/verify_by_kind.hpp"

namespace py = pybind11;
using namespace approxcert;

namespace {

std::vector<std::string> texts(const std::vector<Rational>& xs) {
  std::vector<std::string> out;
  for (const Rational& x : xs) out.push_back(x.to_string());
  return out;
}

std::vector<Rational> rationals(const std::vector<std::string>& xs, const std::string& what) {
  std::vector<Rational> out;
  for (const std::string& x : xs) {
    try {
      out.push_back(parse_rational(x));
    } catch (const InputError& e) {
      throw InputError(what + ": " + e.what());
    }
  }
  return out;
}

py::dict result_dict(const SupNormResult& r) {
  py::dict d;
  d["lower"] = r.lower.to_string();
  d["upper"] = r.upper ? py::cast(r.upper->to_string()) : py::none();
  d["status"] = std::string(to_string(r.status));
  d["witness"] = r.witness ? py::cast(texts(*r.witness)) : py::none();
  d["boxes"] = r.boxes;
  d["elapsed_seconds"] = r.elapsed_seconds;
  return d;
}

SupNormOptions options(const std::string& rel_tol, const std::string& abs_tol, std::uint64_t max_boxes, long prec) {
  SupNormOptions o;
  o.rel_tol = rationals({rel_tol}, "rel_tol")[0];
  o.abs_tol = rationals({abs_tol}, "abs_tol")[0];
  if (o.rel_tol.sign() < 0 || o.abs_tol.sign() < 0) throw InputError("rel_tol, abs_tol: must not be negative");
  if (max_boxes < 1) throw InputError("max_boxes: must be at least 1");
  if (prec < 16 || prec > 65536) throw InputError("prec: must be between 16 and 65536 bits");
  o.max_boxes = max_boxes;
  o.prec = prec;
  o.max_prec = std::max<long>(1024, prec);
  return o;
}

// The engine-level run (supnorm_run.hpp) of an error program built from networks in memory, without
// the GIL.
SupNormResult run(Program prog, const std::string& domain, SupNormOptions o) {
  SupNormRequest q;
  q.inputs.domain = domain;
  q.program = std::move(prog);
  q.options = std::move(o);
  py::gil_scoped_release release;
  return run_supnorm(q).result;
}

}  // namespace

PYBIND11_MODULE(_approxcert, m) {
  m.doc() = "approxcert native bindings (use the approxcert package)";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception<NotExactError>(m, "NotExactError", PyExc_ValueError);

  // A network as loaded: checked once (CheckedNetwork), so the calls below lower it with no second check.
  py::class_<CheckedNetwork>(m, "Network")
      .def_property_readonly("input_dim", &CheckedNetwork::inputs)
      .def_property_readonly("output_dim", &CheckedNetwork::outputs)
      .def(
          "to_json", [](const CheckedNetwork& n) { return save_network(n.network()); },
          "canonical approxcert-net/1 text, every number exact")
      .def("__eq__", [](const CheckedNetwork& a, const CheckedNetwork& b) { return a.network() == b.network(); });

  m.def("load_network", &load_network, py::arg("path"), "an approxcert-net/1 or ONNX file (dispatch on content)");
  m.def("parse_network", &parse_network, py::arg("text"), py::arg("source") = "<python>");

  m.def(
      "eval_network",
      [](const CheckedNetwork& net, const std::vector<std::string>& point, long prec) {
        const Program prog = lower(net);
        const std::vector<Rational> x = rationals(point, "point");
        if (x.size() != prog.num_inputs())
          throw InputError("point: the network takes " + std::to_string(prog.num_inputs()) + " coordinates, got " +
                           std::to_string(x.size()));
        std::vector<Ball> in(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(prec));
        std::vector<std::optional<std::pair<std::string, std::string>>> out;
        for (const Ball& y : evaluate<Ball>(prog, std::span<const Ball>(in), Prec(prec))) {
          if (!is_finite(y)) out.emplace_back(std::nullopt);
          else out.emplace_back(std::make_pair(lower(y).to_string(), upper(y).to_string()));
        }
        return out;
      },
      py::arg("net"), py::arg("point"), py::arg("prec") = 128);

  m.def(
      "supnorm_expression",
      [](const CheckedNetwork& net, std::size_t output, const std::string& target, const std::string& domain,
         const std::string& rel_tol, const std::string& abs_tol, std::uint64_t max_boxes, long prec) {
        SupNormOptions o = options(rel_tol, abs_tol, max_boxes, prec);
        return result_dict(run(net_error_program(lower(net), output, target), domain, std::move(o)));
      },
      py::arg("net"), py::arg("output"), py::arg("target"), py::arg("domain"), py::arg("rel_tol"), py::arg("abs_tol"),
      py::arg("max_boxes"), py::arg("prec"));

  m.def(
      "supnorm_network",
      [](const CheckedNetwork& net, std::size_t output, const CheckedNetwork& target, std::size_t target_output,
         const std::string& domain, const std::string& rel_tol, const std::string& abs_tol, std::uint64_t max_boxes,
         long prec) {
        SupNormOptions o = options(rel_tol, abs_tol, max_boxes, prec);
        return result_dict(run(net_vs_net_error_program(net, output, target, target_output), domain, std::move(o)));
      },
      py::arg("net"), py::arg("output"), py::arg("target"), py::arg("target_output"), py::arg("domain"),
      py::arg("rel_tol"), py::arg("abs_tol"), py::arg("max_boxes"), py::arg("prec"));

  m.def(
      "verify",
      [](const std::string& path, bool recompute, bool rebuild) {
        const theorems::VerifyByKindReport r = theorems::verify_by_kind(path, {recompute, rebuild, ""});
        return py::make_tuple(r.kind, r.verdict, r.ok(), r.problems, r.confirmations);
      },
      py::arg("path"), py::arg("recompute") = true, py::arg("rebuild") = true,
      "(kind, verdict, ok, problems, confirmations) of `approxcert verify` on one certificate file");
}
