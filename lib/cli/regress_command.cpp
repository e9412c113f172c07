// approxcert regress: re-runs every check and compares with the stored certificates; prints an
// aligned table of differences, telling "the instance changed" apart from "a bound got worse".
// Exit status: 0 no change, 1 a difference (verdict, bound, instance, missing certificate).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/instance.hpp"
#include "chain/regress.hpp"
#include "cli/commands.hpp"
#include "cli/count_text.hpp"
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "io/file.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct RegressCommandOptions {
  std::string baseline = "docs/certificates";
  std::vector<std::string> checks{"checks"};
  std::string rel_tol = "1e-9", abs_tol = "0", junit;
  bool json = false, junit_given = false, allow_orphans = false;
  ProgressOptions progress;
};

std::string kind_text(const std::string& kind) {
  if (kind == "instance") return "instance changed";
  if (kind == "moved") return "bound moved";
  if (kind == "verdict") return "verdict changed";
  if (kind == "bound") return "bound worse";
  if (kind == "orphan") return "no check";
  return "certificate";
}

void print_table(const chain::RegressReport& r) {
  const std::array<std::string, 7> head{"instance", "kind", "step", "field", "stored", "current", "problem"};
  std::vector<std::array<std::string, 7>> cells;
  for (const auto& row : r.rows)
    cells.push_back({row.instance, kind_text(row.kind), row.step, row.field, row.stored, row.current, row.problem});
  std::array<std::size_t, 7> width{};
  for (std::size_t c = 0; c < 7; ++c) {
    width[c] = head[c].size();
    for (const auto& row : cells) width[c] = std::max(width[c], row[c].size());
  }
  auto line = [&](const std::array<std::string, 7>& row) {
    std::string s;
    for (std::size_t c = 0; c < 7; ++c) s += c + 1 < 7 ? fmt::format("{:<{}}  ", row[c], width[c]) : row[c];
    std::cout << s << "\n";
  };
  line(head);
  for (const auto& row : cells) line(row);
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t') ? ' ' : ch;
    }
  }
  return out;
}

// JUnit XML: one testcase per instance run and per orphan, a <failure> listing its rows (an
// allowed orphan is <skipped>).
std::string junit_xml(const chain::RegressReport& r) {
  std::vector<std::string> names = r.instance_names;
  std::map<std::string, std::vector<const chain::RegressRow*>> by_instance;
  for (const auto& row : r.rows) {
    if (row.kind == "orphan") names.push_back(row.instance);
    by_instance[row.instance].push_back(&row);
  }
  std::size_t failures = 0, skipped = 0;
  for (const auto& [name, rows] : by_instance) {
    const bool failing =
        std::any_of(rows.begin(), rows.end(), [&](const chain::RegressRow* row) { return r.failing(*row); });
    failures += failing, skipped += !failing;
  }
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format("<testsuites name=\"approxcert regress\" tests=\"{}\" failures=\"{}\">\n", names.size(), failures);
  xml += fmt::format("  <testsuite name=\"regress\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                     names.size(), failures, skipped);
  for (const std::string& name : names) {
    const auto it = by_instance.find(name);
    xml += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(name.substr(0, name.find('/'))),
                       xml_escape(name));
    if (it == by_instance.end()) {
      xml += "/>\n";
      continue;
    }
    std::string text;
    for (const auto* row : it->second)
      text += fmt::format("{}: step {} {}: stored {}, current {}: {}\n", kind_text(row->kind), row->step, row->field,
                          row->stored, row->current, row->problem);
    const chain::RegressRow& first = *it->second.front();
    const char* tag = r.failing(first) ? "failure" : "skipped";
    xml += fmt::format(">\n      <{} message=\"{}\" type=\"{}\">{}</{}>\n    </testcase>\n", tag,
                       xml_escape(first.problem), xml_escape(first.kind), xml_escape(text), tag);
  }
  return xml + "  </testsuite>\n</testsuites>\n";
}

void run_regress_command(const RegressCommandOptions& o) {
  chain::RegressOptions options;
  options.baseline = o.baseline;
  options.rel_tol = parse_nonnegative(o.rel_tol, "--rel-tol");
  options.abs_tol = parse_nonnegative(o.abs_tol, "--abs-tol");
  options.allow_orphans = o.allow_orphans;
  if (o.junit_given) check_output_file(o.junit, "--junit");
  chain::RegressReport r;
  {
    Progress progress("regress", o.progress);
    options.on_instance = [&](std::size_t i, std::size_t n, const std::string& file) {
      progress.status(fmt::format("{}/{} {}", i + 1, n, file));
    };
    r = chain::regress(theorems::builtin_theorems(), o.checks, options);
  }
  const int status = r.ok() ? kExitOk : kExitDiffers;
  if (o.junit_given) write_file_atomic(o.junit, junit_xml(r));

  if (o.json) {
    nlohmann::ordered_json j;
    j["command"] = "regress";
    j["baseline"] = o.baseline;
    j["instances"] = r.instances;
    j["steps"] = r.steps;
    j["failures"] = r.failures();
    j["rows"] = nlohmann::ordered_json::array();
    for (const auto& row : r.rows)
      j["rows"].push_back({{"instance", row.instance},
                           {"kind", row.kind},
                           {"step", row.step},
                           {"field", row.field},
                           {"stored", row.stored},
                           {"current", row.current},
                           {"problem", row.problem},
                           {"failing", r.failing(row)}});
    j["skipped"] = chain::skipped_json(r.skipped);
    j["exit_status"] = status;
    std::cout << j.dump(2) << "\n";
  } else {
    if (!r.rows.empty()) print_table(r);
    std::size_t changed = 0, orphans = 0;
    for (const auto& row : r.rows)
      changed += row.kind == "instance" || row.kind == "moved", orphans += row.kind == "orphan";
    const std::string against =
        fmt::format("{}, {} against {} (rel tol {}, abs tol {})", count_text(r.instances, "instance"),
                    count_text(r.steps, "step"), o.baseline, o.rel_tol, o.abs_tol);
    if (r.rows.empty()) std::cout << "regress: " << against << ": no change\n";
    else
      std::cout << fmt::format(
          "regress: {}: {} ({} from changed instances, {} without a check{}, {} in verdicts, bounds or "
          "certificates)\n",
          against, count_text(r.rows.size(), "difference"), changed, orphans,
          orphans && r.orphans_allowed ? ", allowed" : "", r.rows.size() - changed - orphans);
    if (!r.skipped.empty()) std::cout << "  " << chain::skipped_text(r.skipped) << "\n";
  }
  if (status != kExitOk) throw CLI::RuntimeError(status);
}

}  // namespace

void register_regress_command(CLI::App& app) {
  auto opts = std::make_shared<RegressCommandOptions>();
  CLI::App* cmd = app.add_subcommand("regress", "Re-run every check and compare with the stored certificates");
  cmd->add_option("--baseline", opts->baseline, "stored certificates (default docs/certificates)")->type_name(kFolder);
  cmd->add_option("--checks", opts->checks,
                  "check files or folders to re-run (default checks; other JSON in the folders is skipped)")
      ->type_name(kPath);
  cmd->add_option("--rel-tol", opts->rel_tol, "relative tolerance on bounds and margins, exact >= 0 (default 1e-9)")
      ->type_name(kNumber);
  cmd->add_option("--abs-tol", opts->abs_tol, "absolute tolerance, exact >= 0 (default 0)")->type_name(kNumber);
  cmd->add_option_function<std::string>(
         "--junit", [opts](const std::string& v) { opts->junit = v, opts->junit_given = true; },
         "also write a JUnit XML report (one testcase per instance) to this file")
      ->type_name(kFile);
  cmd->add_flag("--allow-orphans", opts->allow_orphans,
                "list stored certificates that no check file produces without failing (e.g. when re-running a subset)");
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout (docs/cli.md)");
  add_progress_options(cmd, opts->progress);
  cmd->footer(
      "Example:\n  approxcert regress --baseline docs/certificates --checks checks --junit regress.xml\n"
      "Exit status: 0 no change, 1 a verdict changed, a bound got worse, an instance changed, a stored\n"
      "certificate is missing or modified, or one has no check file (unless --allow-orphans); 2 bad input\n"
      "(also: no check file at all).\n");
  cmd->callback([opts] { run_regress_command(*opts); });
}

}  // namespace approxcert::cli
