"""Pruning research script with global state: the L1 budget of the gathered FSDP kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = None
HISTORY = []


def setup():
    global MESH
    MESH = jax.make_mesh((4, 2), ("fsdp", "model"))


def inputs():
    w = np.linspace(-2, 2, 128, dtype=np.float32).reshape(16, 8)
    return (w,)


def l1_budget(w):
    w_full = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True, to="reduced")
    l1 = jnp.sum(jnp.abs(w_full), axis=0)
    return jax.lax.psum(l1, "fsdp")


def main(w):
    setup()
    w = jax.device_put(w, NamedSharding(MESH, P("fsdp", "model")))
    f = jax.shard_map(l1_budget, mesh=MESH, in_specs=P("fsdp", "model"), out_specs=P("model"))
    out = f(w)
    HISTORY.append(out)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
