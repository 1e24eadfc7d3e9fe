import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import contextlib
names = []
@contextlib.contextmanager
def axis(n):
    names.append(n)
    yield n
with contextlib.ExitStack() as stack:
    for n in ("data", "model"):
        stack.enter_context(axis(n))
with contextlib.suppress(KeyError):
    {}["x"]
with contextlib.nullcontext("data") as DATA:
    pass
AXES = tuple(names)
MODEL = AXES[1]


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
