"""ViViT factorised encoder: keys are gathered over frames for temporal attention, then over
clips and frames for the joint space-time layers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FactorisedAttention:
    attn_axes = {"temporal": "time", "joint": ("time", "clip")}

    def temporal_keys(self, k):
        return jax.lax.all_gather(k, self.attn_axes["temporal"], axis=1, tiled=True, to="reduced")

    def joint_keys(self, k):
        kt = self.temporal_keys(k)
        return jax.lax.all_gather(kt, self.attn_axes["joint"], axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(31).normal(size=(4, 16, 8)).astype(np.float32),)


def main(keys):
    mesh = jax.make_mesh((2, 4), ("clip", "time"))
    keys = jax.device_put(keys, NamedSharding(mesh, P("clip", "time", None)))
    attn = FactorisedAttention()
    return jax.shard_map(attn.joint_keys, mesh=mesh, in_specs=P("clip", "time", None),
                         out_specs=P(None, None, None, reduced={"clip", "time"}))(keys)


if __name__ == "__main__":
    main(*inputs())
