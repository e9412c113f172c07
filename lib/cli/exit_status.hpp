#pragma once
// The exit statuses every command uses (docs/cli.md has the table). A command ends with a status
// other than 0 by throwing CLI::RuntimeError(status); bad input is an InputError (status 2).
namespace approxcert::cli {
enum ExitStatus : int {
  kExitOk = 0,         // proved / converged / verified / written
  kExitDiffers = 1,    // a verdict differs, a claim is refuted, a certificate fails verification
  kExitBadInput = 2,   // bad input or options; no output written
  kExitUndecided = 3,  // not decided: budget exhausted, unknown, no finite bound
  kExitInternal = 4,   // an internal error (a bug in approxcert)
};
}  // namespace approxcert::cli
