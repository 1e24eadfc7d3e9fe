"""A hand-written test runner calls each test in `try: ... except Exception as e:
errors.append(e)` and raises `errors[0]` after its loop: its handler is no probe. The test draws
its inputs from NumPy's generator (a check the run does not model) and compares with `np.allclose`
before raising an assertion error with an f-string; JAX's error at the gather ends the program."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TestFailure(AssertionError):
    pass


class CountsTest:
    def setUp(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))
        self.rng = np.random.default_rng(0)

    def test_counts(self):
        ids = self.rng.integers(0, 8, size=16)
        onehot = jax.device_put(np.eye(8, dtype=np.float32)[ids], NamedSharding(self.mesh, P("data", "model")))

        def body(block):
            counts = jax.lax.psum(jnp.sum(block, axis=0), "data")
            return jax.lax.all_gather(counts, "data", tiled=True, to="reduced")  # SF101

        out = jax.shard_map(body, mesh=self.mesh, in_specs=P("data", "model"),
                            out_specs=P("model", reduced={"data"}))(onehot)
        if not np.allclose(np.asarray(out).sum(), 32.0):
            raise TestFailure(f"not close: {np.asarray(out)}")


def run_tests(cls):
    results, errors = {}, []
    for name in sorted(name for name in dir(cls) if name.startswith("test")):
        case = cls()
        case.setUp()
        try:
            getattr(case, name)()
            results[name] = "ok"
        except Exception as e:
            results[name] = "error"
            errors.append(e)
    if errors:
        raise errors[0]
    return results


def main():
    return run_tests(CountsTest)


if __name__ == "__main__":
    main()
