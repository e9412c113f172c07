#pragma once
// The reasons theorem modules give for sides verify must trust as recorded (Evidence::trusted,
// chain::trusting in step.hpp): what the certificate does not hold, so that no recheck
// expression (recheck.hpp) can re-compute the side from it. Named once so that verify's report
// groups them.
namespace approxcert::chain {

inline constexpr const char* kNetworkEvaluation =
    "evaluation of a network the theorem module builds (the certificate does not record the network)";
inline constexpr const char* kNetworkCount = "count over a network the theorem module builds";
inline constexpr const char* kConstructionData =
    "data of the theorem module's construction (not recorded in the certificate)";
inline constexpr const char* kEnumeration = "exhaustive enumeration or search by the theorem module";
inline constexpr const char* kQuotedConstant =
    "a constant the step quotes from the specification or fixes in the theorem module (printed values, tolerances)";
inline constexpr const char* kNumericalMethod =
    "result of a numerical method of the theorem module (quadrature, series, matrix computation)";
inline constexpr const char* kInexpressibleClosedForm =
    "a closed form the recheck language does not express (a case split, a binomial, a root of variable order, a value "
    "chosen by the 'for all' point)";
inline constexpr const char* kOtherPoints =
    "arithmetic on earlier steps' values at points the certificate does not record (a 'for all' step records its "
    "decisive point only)";
inline constexpr const char* kTargetValue =
    "a value of the instance's target (polynomial or map) computed by the theorem module";
inline constexpr const char* kClaimExpression =
    "an expression of the claim file in the quantities the step reports (recorded in the file's names, not as a recheck)";

}  // namespace approxcert::chain
