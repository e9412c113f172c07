// The evaluator's instantiations for the scalar types used across the code base (see evaluate.hpp).
#include "net/evaluate.hpp"

namespace approxcert {

template class Evaluator<Rational>;
template class Evaluator<Ball>;
template class Evaluator<Interval>;
template class Evaluator<Dirty>;

}  // namespace approxcert
