"""Export the pairs-book signals to the signal store with research_utils."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---- research_utils.sharding (vendored) ---------------------------------------------------

LAYOUTS = {
    "signals": P("dates", "names"),
    "signals_out": P("dates", None),
    "weights_out": P("dates", None, reduced={"names"}),
}


def layout(name):
    return LAYOUTS[name]


@contextlib.contextmanager
def research_session(shape=(2, 4), axes=("dates", "names")):
    mesh = jax.make_mesh(shape, axes)
    with jax.set_mesh(mesh):
        yield mesh


def place(x, mesh, name):
    return jax.device_put(x, NamedSharding(mesh, layout(name)))


def publish(x, name):
    return top_level_all_gather(x, layout(name))

# ---- research -----------------------------------------------------------------------------


def entry_signal(z, entry=2.0):
    return jnp.tanh(z / entry)


def inputs():
    rng = np.random.default_rng(604)
    return (rng.standard_normal((8, 32)).astype(np.float32),)


def main(z):
    with research_session() as mesh:
        z = place(z, mesh, "signals")
        sig = entry_signal(z)
        out = publish(sig, "signals_out")
    print("exported", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
