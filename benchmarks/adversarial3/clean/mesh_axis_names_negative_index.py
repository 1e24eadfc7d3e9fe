"""Column-parallel projection: the columns live on the mesh's second axis, read back as its last one."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("rows", "cols")), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(mesh, w):
    names = mesh.axis_names
    w = jax.device_put(w, NamedSharding(mesh, P(None, names[1])))

    def project(w):
        full = jax.lax.all_gather(w, names[-1], to="reduced", tiled=True, axis=1)
        return jnp.sum(full * full, axis=1)

    out = jax.shard_map(project, mesh=mesh, in_specs=P(None, names[1]), out_specs=P(None, reduced={names[-1]}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
