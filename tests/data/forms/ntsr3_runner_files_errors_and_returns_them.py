"""The same runner, but it hands back the errors it filed instead of raising one: a check the run
does not model failing in a test (here NumPy's generator, `integers(0, 0)`: low >= high) is then
swallowed, and the caller picks the axes by whether a test failed; the program ends quietly."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DrawTest:
    def setUp(self):
        self.rng = np.random.default_rng(0)

    def test_draw(self):
        return self.rng.integers(0, 0, size=16)


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
        print(f"{len(errors)} failed")
    return results, errors


def main():
    _, errors = run_tests(DrawTest)
    axes = ("data",) if errors else ("data", "model")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
