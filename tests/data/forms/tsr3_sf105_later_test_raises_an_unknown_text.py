"""After the first test meets JAX's error (filed by the runner), the next test finds the flag the
first one never set and raises an assertion error whose f-string holds a number the run does not
know: it is filed too, and the runner raises the first error, JAX's."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TestFailure(AssertionError):
    pass


class NormTest:
    synced = False

    def setUp(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))
        self.rng = np.random.default_rng(0)

    def test_a_total(self):
        x = jax.device_put(self.rng.normal(size=(8, 8)).astype(np.float32), NamedSharding(self.mesh, P("data")))

        def body(block):
            return jax.lax.psum(jnp.sum(block * block), ("data", "model"))  # SF105

        jax.shard_map(body, mesh=self.mesh, in_specs=P("data"), out_specs=P())(x)
        type(self).synced = True

    def test_b_flag(self):
        if not type(self).synced:
            raise TestFailure(f"not synced (seed draw {self.rng.normal()})")


def run_tests(cls):
    errors = []
    for name in sorted(name for name in dir(cls) if name.startswith("test")):
        case = cls()
        case.setUp()
        try:
            getattr(case, name)()
        except Exception as e:
            errors.append(e)
    if errors:
        raise errors[0]


def main():
    return run_tests(NormTest)


if __name__ == "__main__":
    main()
