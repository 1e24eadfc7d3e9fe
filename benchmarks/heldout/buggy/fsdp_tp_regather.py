"""FSDP x TP weight materialisation for the MLP block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 8.0,)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))

    def materialise(w):
        w_rows = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True, to="reduced")
        full = jax.lax.all_gather(w_rows, ("fsdp", "tp"), axis=1, tiled=True, to="reduced")
        return full

    return jax.shard_map(materialise, mesh=mesh, in_specs=P("fsdp", "tp"),
                         out_specs=P(None, None, reduced={"fsdp", "tp"}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
