import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cross_covariance(src, dst):
    return jnp.einsum("bni,bnj->bij", src, dst)


def covariance_table(mesh):
    axes = tuple(reversed(mesh.axis_names))
    pts = axes[0]

    def body(src, dst):
        h = cross_covariance(src, dst)
        per_chunk = jax.lax.all_gather(h, pts, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_chunk, axes, axis=0, tiled=True, to="reduced")

    return jax.shard_map(
        body,
        mesh=mesh,
        in_specs=(P("pair", "pts", None), P("pair", "pts", None)),
        out_specs=P(None, None, None, reduced=set(axes)),
    )


def inputs():
    rng = np.random.default_rng(21)
    src = rng.normal(size=(4, 32, 3)).astype(np.float32)
    return src, src + 0.1


def main(src, dst):
    mesh = jax.make_mesh((2, 4), ("pair", "pts"))
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("pair", "pts", None)))
    table = covariance_table(mesh)(put(src), put(dst))
    print(table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
