"""Whether a library module (or an array) has an attribute, where a script run (script_run.py;
issue 13) observes it: `hasattr(jax.lax, "ragged_all_to_all_v2")`, `getattr(np, name, None)`, or
a read under a handler that catches AttributeError (`try: jax.lax.f except AttributeError:`).

Feature detection is how real code copes with several JAX, NumPy and Python versions, so a run
that took every attribute of a library as present would follow the branch the program does not
take. The run's library values (script_values.Lib) are names, not the objects, and nothing here
imports the library: `check`, `diff` and `apply` work without JAX installed, and the answer must
be the one of the JAX the user targets (`--target`), not of whatever JAX is installed. So:
- a JAX module's names come from jaxapi.module_has (codemods/jax_names.py, read from the source of
  every JAX release), at the run's target;
- NumPy's and the standard library's from the small tables below: names every supported version
  has, and those of the NumPy and Python the target JAX requires (NumPy 2.0 from jax 0.8.0):
  present; their absence is never claimed (a later NumPy or Python may add the name, one the
  table does not know may still have a name it removed);
- anything else is unknown: the run stops (Bail) rather than guess.
Elsewhere (a call `jax.lax.psum(...)` outside such a handler) nothing is asked: a missing
attribute there raises AttributeError, which ends the program at that line.

An array's attributes are those of the NumPy array classes (and, kept present, those of NumPy's
legacy RandomState and bit generators, for any the run does not make by name and holds as a host
array; a Generator, a RandomState, a SeedSequence and a bit generator made by name are values of
their own: numpy_generators.py, numpy_random_states.py) or of the JAX ones (jax.Array, a tracer inside a traced
function, its abstract value): a name none of them has is absent. NumPy's are the same from
NumPy 1.21 to 2.x but for the few 2.0 removed (kept as present); JAX's were listed on the one
release read (jax 0.10.2), so another target asks nothing of them (unknown).
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.concrete_scalars import untraced
from codemods.analysis.narrow_handlers import narrow


def asked(run) -> bool:
    """Whether the run's next attribute read decides presence: inside `hasattr` or a
    defaulted `getattr`, or under a handler that may catch AttributeError."""
    return run.__dict__.get("probing", False) or bool(getattr(run, "guarded", 0)) and not narrow(run, (AttributeError,))


def probe(run, read):
    """`read()` (an attribute read for `hasattr` / `getattr(obj, name, default)`) with presence asked."""
    before = run.__dict__.get("probing", False)
    run.__dict__["probing"] = True
    try:
        return read()
    finally:
        run.__dict__["probing"] = before


def library_presence(run, dotted: str, name: str) -> bool | None:
    """Whether the library object named `dotted` has the attribute `name` when the program runs
    on the run's target JAX: True, False, or None (unknown)."""
    if dotted == "jax" or dotted.startswith("jax."):
        target = getattr(run, "target", None)
        return None if target is None else jaxapi.module_has(dotted, name, target)
    if name in _STABLE.get(dotted, ()):
        return True
    target = getattr(run, "target", None)
    if target is not None and any(target >= since and name in table.get(dotted, ()) for since, table in _SINCE):
        return True  # (a NumPy or Python the target JAX requires has it)
    return None


def array_presence(run, host: bool, name: str) -> bool | None:
    """Whether an array (a NumPy one when `host`, else a JAX one or a tracer) has the attribute
    `name`: True when every class the run may hold there has it, False when none has it, else
    None (one class has it and another does not: `mask` of a MaskedArray, `_trace` of a tracer).
    Outside every trace a JAX array is a concrete one, whose names were listed apart."""
    if name in (_HOST_COMMON if host else _DEVICE_COMMON):
        return True
    if not host and getattr(run, "target", None) == _JAX_ARRAYS_READ and untraced(run):
        return True if name in _CONCRETE_EVERY else None if name in _CONCRETE_SOME or name.startswith("__") else False
    if name.startswith("_"):
        return None
    if host:
        return None if name in _NUMPY_ARRAYS else False
    if getattr(run, "target", None) != _JAX_ARRAYS_READ:
        return None
    return None if name in _JAX_ARRAYS else False


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Names of NumPy and standard modules that every NumPy from 1.21 and every Python from 3.9 has
# (a name added later, `typing.override` in 3.12 or `copy.replace` in 3.13, is left out: unknown).
_STABLE: dict[str, frozenset[str]] = {
    "numpy": _names("""
        ndarray dtype generic number integer floating complexfloating bool_ int8 int16 int32 int64 uint8 uint16 uint32
        uint64 float16 float32 float64 complex64 complex128 intp uintp array asarray asanyarray ascontiguousarray copy
        zeros ones empty full zeros_like ones_like empty_like full_like arange linspace logspace geomspace eye identity
        diag diagonal tri tril triu meshgrid indices concatenate stack hstack vstack dstack column_stack split
        array_split reshape ravel transpose swapaxes moveaxis expand_dims squeeze broadcast_to broadcast_arrays
        atleast_1d atleast_2d atleast_3d tile repeat roll flip fliplr flipud rot90 pad where nonzero argwhere
        count_nonzero take take_along_axis put choose select clip sum prod mean std var min max amin amax median
        percentile quantile average cumsum cumprod diff argmin argmax argsort sort searchsorted unique all any
        isnan isinf isfinite allclose isclose array_equal abs absolute sign sqrt square exp expm1 log log1p log2 log10
        sin cos tan arcsin arccos arctan arctan2 sinh cosh tanh floor ceil round trunc rint maximum minimum fmax fmin
        add subtract multiply divide true_divide floor_divide power mod remainder negative reciprocal dot vdot
        matmul einsum outer inner tensordot kron trace cov corrcoef histogram interp convolve cross prod
        logical_and logical_or logical_not logical_xor bitwise_and bitwise_or bitwise_xor invert left_shift
        right_shift iinfo finfo issubdtype result_type promote_types can_cast shape ndim size save load savez
        savez_compressed loadtxt savetxt frombuffer fromfunction nan inf pi e newaxis random linalg fft
        deg2rad rad2deg degrees radians hypot exp2 logaddexp logaddexp2 cbrt fabs fmod modf divmod copysign signbit
        heaviside sinc arcsinh arccosh arctanh positive float_power gcd lcm greater greater_equal less less_equal
        equal not_equal isscalar iscomplexobj isreal iscomplex real imag conj conjugate angle unwrap gradient
        nanmean nansum nanmax nanmin nanstd nanvar nanargmax nanargmin nanmedian nanpercentile nanquantile nanprod
        nancumsum bincount digitize histogram2d histogramdd polyfit polyval ptp lexsort partition argpartition isin
        intersect1d union1d setdiff1d setxor1d ravel_multi_index unravel_index diag_indices triu_indices tril_indices
        ix_ r_ c_ s_ ogrid mgrid delete insert append resize trim_zeros flatnonzero fromiter fromfile genfromtxt
        vectorize apply_along_axis piecewise block einsum_path errstate seterr geterr set_printoptions
        get_printoptions printoptions array2string array_repr shares_memory may_share_memory nditer ndindex
        ndenumerate datetime64 timedelta64 str_ bytes_ object_ void int_ uint longdouble single double half csingle
        cdouble signedinteger unsignedinteger inexact flexible character euler_gamma matrix ma char rec emath
        polynomial testing lib ctypeslib memmap
    """),
    "numpy.random": _names("""
        default_rng Generator RandomState BitGenerator SeedSequence PCG64 Philox MT19937 SFC64 seed rand randn randint
        random random_sample normal uniform choice permutation shuffle standard_normal get_state set_state
    """),
    "warnings": _names("warn warn_explicit simplefilter filterwarnings catch_warnings resetwarnings showwarning"),
    "json": _names("dump dumps load loads JSONDecodeError JSONEncoder JSONDecoder"),
    "os": _names("environ getenv putenv path makedirs mkdir remove listdir getcwd chdir sep linesep cpu_count getpid "
                 "walk scandir rename replace"),
    "sys": _names("argv exit stdout stderr stdin version_info version platform path modules executable maxsize"),
    "math": _names("pi e inf nan tau sqrt exp log log2 log10 log1p expm1 ceil floor trunc prod isclose isfinite isnan "
                   "isinf gcd comb perm factorial fsum sin cos tan atan2 hypot pow fabs copysign lcm isqrt dist"),
    "functools": _names("partial reduce wraps update_wrapper lru_cache cache cached_property total_ordering "
                        "singledispatch singledispatchmethod partialmethod cmp_to_key"),
    "itertools": _names("product chain permutations combinations combinations_with_replacement repeat count cycle "
                        "islice accumulate starmap zip_longest groupby tee takewhile dropwhile compress filterfalse"),
    "typing": _names("Any Optional Union List Dict Tuple Set FrozenSet Callable Iterable Iterator Sequence Mapping "
                     "NamedTuple TypeVar Generic Protocol Literal Final TypedDict ClassVar TYPE_CHECKING cast overload "
                     "Type Annotated get_type_hints get_origin get_args runtime_checkable final no_type_check"),
    "dataclasses": _names("dataclass field fields replace asdict astuple is_dataclass make_dataclass MISSING "
                          "FrozenInstanceError InitVar"),
    "copy": _names("copy deepcopy Error"),
    "importlib": _names("import_module reload invalidate_caches"),
    "os.environ": _names("get setdefault items keys values copy pop update clear"),  # (a mapping)
    "asyncio": _names("Lock Event Condition Queue Semaphore run gather sleep create_task get_running_loop "
                      "get_event_loop new_event_loop wait_for wait as_completed ensure_future shield Task Future "
                      "iscoroutinefunction CancelledError TimeoutError"),
    "inspect": _names("signature Signature Parameter isclass isfunction ismethod iscoroutinefunction isgeneratorfunction "
                      "getmembers getsource currentframe stack getattr_static unwrap isabstract isasyncgenfunction "
                      "isasyncgen isgenerator iscoroutine isawaitable isbuiltin isroutine ismodule getfullargspec getdoc "
                      "getfile getmodule cleandoc isdatadescriptor"),
    "re": _names("compile match fullmatch search sub subn findall finditer split escape IGNORECASE Pattern Match"),
    "random": _names("seed random randint randrange choice choices shuffle uniform gauss sample Random"),
    "threading": _names("Thread Lock RLock Event Condition Semaphore current_thread local Timer get_ident"),
    "abc": _names("ABC ABCMeta abstractmethod"),
    "types": _names("SimpleNamespace FunctionType MethodType ModuleType MappingProxyType"),
    "pathlib": _names("Path PurePath"),
    "argparse": _names("ArgumentParser Namespace"),
    "pickle": _names("dump dumps load loads"),
    "traceback": _names("print_exc format_exc print_stack format_exception"),
    "time": _names("time perf_counter monotonic sleep process_time time_ns perf_counter_ns strftime localtime gmtime"),
    "collections": _names("OrderedDict defaultdict namedtuple Counter deque ChainMap UserDict UserList abc"),
    "contextlib": _names("contextmanager nullcontext suppress ExitStack closing redirect_stdout redirect_stderr "
                         "AbstractContextManager asynccontextmanager"),
    "enum": _names("Enum IntEnum Flag IntFlag auto unique"),
    "operator": _names("add sub mul truediv floordiv mod neg pos pow itemgetter attrgetter methodcaller getitem"),
    "logging": _names("getLogger basicConfig debug info warning error critical exception log Logger Handler "
                      "StreamHandler DEBUG INFO WARNING ERROR CRITICAL"),
}

# Names of NumPy 2.0 and Python 3.10 / 3.11, present where the target JAX requires them: JAX from
# 0.8.0 requires NumPy >= 2.0, from 0.7.0 Python >= 3.11, from (before) 0.4.35 Python >= 3.10
# (`numpy>=` and `python_requires=` of each release's setup.py). (target from, module -> names)
_SINCE: tuple[tuple[jaxapi.Version, dict[str, frozenset[str]]], ...] = (
    ((0, 8, 0), {"numpy": _names("""
        trapezoid concat permute_dims pow acos acosh asin asinh atan atan2 atanh bitwise_left_shift
        bitwise_right_shift bitwise_invert isdtype astype matrix_transpose vecdot unique_values unique_counts
        unique_inverse unique_all bool
    """)}),
    ((0, 7, 0), {"typing": _names("Self LiteralString Never assert_never reveal_type TypeVarTuple Unpack Required "
                                  "NotRequired dataclass_transform assert_type"),
                 "enum": _names("StrEnum verify ReprEnum"), "asyncio": _names("TaskGroup timeout Runner"), "contextlib": _names("chdir"), "operator": _names("call"),
                 "math": _names("cbrt exp2")}),
    ((0, 4, 35), {"typing": _names("ParamSpec TypeAlias TypeGuard Concatenate is_typeddict"),
                  "itertools": _names("pairwise")}),
)

# Every public attribute of numpy.ndarray, its scalar types, numpy.matrix, numpy.ma.MaskedArray,
# RandomState and the bit generators (listed on NumPy 2.4; `itemset`, `newbyteorder` and `ptp`,
# which NumPy 2.0 removed from ndarray, kept: a NumPy 1 program has them). A Generator is not
# among them: the run holds it apart (numpy_generators.py); RandomState's and the bit generators'
# names stay for one the run does not make by name (numpy_random_states.py makes the rest).
_NUMPY_ARRAYS = _names("""
    A A1 H I T advance all anom any argmax argmin argpartition argsort as_integer_ratio astype base baseclass beta binomial
    bit_count bytes byteswap capsule cffi chisquare choice choose clip compress compressed conj conjugate
    copy count ctypes cumprod cumsum data denominator device diagonal dirichlet dot dtype dump dumps exponential f fill
    fill_value filled flags flat flatten fromhex gamma geometric getA getA1 getH getI getT get_fill_value get_imag
    get_real get_state getfield gumbel harden_mask hardmask hex hypergeometric ids imag is_integer iscontiguous
    item itemset itemsize jumped laplace lock logistic lognormal logseries mT mask max mean min multinomial
    multivariate_normal nbytes ndim negative_binomial newbyteorder noncentral_chisquare
    noncentral_f nonzero normal numerator pareto partition permutation poisson power prod product ptp put rand
    randint randn random random_integers random_raw random_sample ravel rayleigh real recordmask repeat reshape resize
    round searchsorted seed seed_seq set_fill_value set_state setfield setflags shape sharedmask shrink_mask shuffle
    size soften_mask sort spawn squeeze standard_cauchy standard_exponential standard_gamma standard_normal standard_t
    state std strides sum swapaxes take to_device tobytes tofile toflex tolist tomaxint torecords trace transpose
    triangular uniform unshare_mask var view vonmises wald weibull zipf
""")
# What every host array class has: numpy.ndarray and each NumPy scalar type, on NumPy 1 and 2
# (NumPy 2's `device`, `to_device`, `mT` and NumPy 1's `itemset`, `newbyteorder`, `ptp` left out).
_HOST_COMMON = _names("""
    T all any argmax argmin argsort astype base byteswap choose clip compress conj conjugate copy cumprod cumsum data
    diagonal dtype dump dumps fill flags flat flatten getfield imag item itemsize max mean min nbytes ndim nonzero prod
    put ravel real repeat reshape resize round searchsorted setfield setflags shape size sort squeeze std strides sum
    swapaxes take tobytes tofile tolist trace transpose var view
""")
# What a concrete jax.Array and a tracer (under jit and in a shard_map body) both have on jax
# 0.10.2, each checked with `hasattr` there (`flat` raises NotImplementedError: not listed; a typed
# key array, jax.random.key's, lacks `tobytes` and `tolist`: not listed).
_DEVICE_COMMON = _names("""
    T all any argmax argmin argsort astype at byteswap choose clip compress conj conjugate copy cumprod cumsum diagonal
    dtype flatten imag item itemsize max mean min nbytes ndim nonzero prod ravel real repeat reshape round searchsorted
    shape size sort squeeze std sum swapaxes take trace transpose var view
""")
# Every public attribute of jax.Array, its implementation, a typed key array, a tracer and a
# ShapedArray on jax 0.10.2 (the release they were listed on: another target's are unknown).
_JAX_ARRAYS_READ: jaxapi.Version = (0, 10, 2)
_JAX_ARRAYS = _names("""
    T addressable_data addressable_shards all any argmax argmin argpartition argsort array_abstraction_level astype at
    at_least_vspace aval block_until_ready broadcast byteswap choose clip clone committed compress conj conjugate copy
    copy_to_host_async cumprod cumsum dec_rank delete device device_buffer device_buffers devices diagonal
    dimension_as_value dot dtype flat flatten format full_lower get_referent global_shards has_qdd imag inc_rank
    is_deleted is_fully_addressable is_fully_replicated is_high is_ready item itemsize leading_axis_spec lo_ty
    lo_ty_qdd lower_val lower_val2 mT manual_axis_type mat max mean memory_space min nbytes ndim nonzero normalize
    nospec on_device_size_in_bytes platform pprint prod ptp raise_val raise_val2 ravel real repeat reshape round searchsorted
    shape shard sharding size sort squeeze std str_short strip_weak_type sum swapaxes take to_concrete_value
    to_ct_aval to_device to_tangent_aval tobytes tolist trace traceback transpose unsafe_buffer_pointer unshard update
    update_manual_axis_type update_weak_type var view vspace_add weak_type
""")
# The names a concrete jax.Array has on jax 0.10.2 (hasattr on an ArrayImpl of rank 0, 1 and 2,
# sharded or not, and on a typed key array, jax.random.key's): every one of them has those of
# _CONCRETE_EVERY; _CONCRETE_SOME are those some lack or whose read raises another error there
# (`flat`: NotImplementedError; `mT` of rank 1, `imag` of a sharded one: ValueError).
_CONCRETE_EVERY = _names("""
    T _chunk_iter _committed _multi_slice _replace_with _split _unstack addressable_data addressable_shards all any
    argmax argmin argpartition argsort astype at aval block_until_ready byteswap choose clip committed compress conj
    conjugate copy copy_to_host_async cumprod cumsum delete device devices diagonal dot dtype flatten global_shards
    is_deleted is_fully_addressable is_fully_replicated item itemsize max mean min nbytes ndim nonzero
    on_device_size_in_bytes prod ptp ravel repeat reshape round searchsorted shape sharding size sort squeeze std sum
    swapaxes take to_device trace transpose unsafe_buffer_pointer var view
""")
_CONCRETE_SOME = _names("""
    _arrays _base_array _check_and_rearrange _check_if_deleted _consumed _copy_single_device_array_to_host_async
    _device _fully_replicated_shard _impl _is_scalar _npy_value _pjrt_layout _rewrap_with_aval_and_sharding _sharding
    _single_device_array_to_np_array_did_copy _source_info _value clone flat format imag is_ready mT platform pprint
    real tobytes tolist traceback weak_type
""")
