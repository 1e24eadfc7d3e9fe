import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import inspect
def layout(dp="data", tp="model"):
    return dp, tp
sig = inspect.signature(layout)
defaults = {k: p.default for k, p in sig.parameters.items() if p.default is not inspect.Parameter.empty}
bound = sig.bind(tp="model")
bound.apply_defaults()
AXES = tuple(bound.arguments.values())
DATA, MODEL = defaults["dp"], defaults["tp"]


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
