"""next() over a generator with a walrus picks the first axis with several devices (kept after next)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((1, 8), ("stage", "fsdp")), np.arange(64, dtype=np.float32).reshape(16, 4)


def main(mesh, w, axis="stage"):
    spec = P("fsdp")
    w = jax.device_put(w, NamedSharding(mesh, spec))
    next(n for n in mesh.axis_names if mesh.shape[(axis := n)] > 1)

    def body(w):
        return jnp.tanh(jax.lax.all_gather(w, axis, to="reduced", tiled=True))

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"fsdp"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
