"""The gather axis is the first mesh axis with several devices, found by a loop over (name, size) pairs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((1, 8), ("stage", "fsdp")), np.ones((16, 4), np.float32)


def main(mesh, w, gather_axis="stage"):
    spec = P("fsdp")
    w = jax.device_put(w, NamedSharding(mesh, spec))
    for gather_axis, size in mesh.shape.items():
        if size > 1:
            break

    def body(w):
        return jnp.tanh(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"fsdp"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
