"""SpecAugment: time-mask coverage gathered per utterance, then pooled batch-wide for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECAUG = {"time_mask_width": 3, "n_masks": 2, "axes": {"batch": "batch", "time": "time"}}


def mask_coverage(feats, width):
    t = jnp.arange(feats.shape[1])
    return (feats > 0).astype(jnp.float32) * (t % width == 0)


def coverage_report(feats, cfg=SPECAUG):
    ax = cfg["axes"]
    per_utt = jax.lax.all_gather(mask_coverage(feats, cfg["time_mask_width"]), ax["time"],
                                 axis=1, tiled=True, to="reduced")
    pool_axes = tuple(ax.values())
    return jax.lax.all_gather(per_utt, pool_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("batch", "time"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch", "time")))
    return jax.shard_map(coverage_report, mesh=mesh, in_specs=P("batch", "time"),
                         out_specs=P(None, None, reduced={"batch", "time"}))(feats)


if __name__ == "__main__":
    print(main(*inputs()).shape)
