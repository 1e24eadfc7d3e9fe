"""Positive-pair scores of a DPR-style bi-encoder with hidden-sharded embeddings."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class BiEncoderConfig:
    projection_dim: int = 16
    replica_axis: str = "replica"
    hidden_axis: str = "shard"


class BiEncoder:
    def __init__(self, cfg: BiEncoderConfig):
        self.cfg = cfg

    def dot(self, q, p):
        return jax.lax.psum(jnp.sum(q * p, axis=-1, keepdims=True), self.cfg.hidden_axis)

    def positive_scores(self, q, p):
        pos = self.dot(q, p)
        return jax.lax.all_gather(pos, self.cfg.hidden_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(40)
    q = rng.standard_normal((8, 16), dtype=np.float32)
    p = rng.standard_normal((8, 16), dtype=np.float32)
    return q, p


def main(q, p):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    model = BiEncoder(BiEncoderConfig())
    spec = P("replica", "shard")
    q = jax.device_put(q, NamedSharding(mesh, spec))
    p = jax.device_put(p, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        model.positive_scores,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P("replica", None, reduced={"shard"}),
    )
    return fn(q, p)


if __name__ == "__main__":
    main(*inputs())
