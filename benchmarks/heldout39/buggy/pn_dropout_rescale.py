import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GlobalFeatureDropout:
    def __init__(self, rate=0.25, axis="feat"):
        self.keep = 1.0 - rate
        self.axis = axis

    def __call__(self, pooled, mask):
        full = jax.lax.all_gather(pooled * mask, self.axis, axis=1, tiled=True, to="reduced")
        return full / self.keep


def make_head(mesh):
    drop = GlobalFeatureDropout()

    def body(feats, mask):
        pooled = jnp.max(feats, axis=1)
        return jnp.max(drop(pooled, mask), axis=-1)

    return jax.shard_map(
        body,
        mesh=mesh,
        in_specs=(P("batch", None, "feat"), P("batch", "feat")),
        out_specs=P("batch"),
    )


def inputs():
    rng = np.random.default_rng(5)
    feats = rng.normal(size=(8, 6, 16)).astype(np.float32)
    mask = (rng.random(size=(8, 16)) > 0.25).astype(np.float32)
    return feats, mask


def main(feats, mask):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch", None, "feat")))
    mask = jax.device_put(mask, NamedSharding(mesh, P("batch", "feat")))
    out = make_head(mesh)(feats, mask)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
