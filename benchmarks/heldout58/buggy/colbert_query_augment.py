"""Query [MASK] augmentation then re-sharding of query tokens across devices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ColBERTConfig:
    query_maxlen = 8
    mask_token_weight = 0.5

    def __init__(self, token_axis="token"):
        self.token_axis = token_axis


class QueryTokenizer:
    def __init__(self, config):
        self.config = config

    def augment(self, q_embs):
        axis = self.config.token_axis
        q_full = jax.lax.all_gather(q_embs, axis, axis=1, tiled=True, to="reduced")
        q_full = jnp.concatenate([q_full, q_full[:, :1]], axis=1)[:, : self.config.query_maxlen]
        return jax.lax.all_to_all(q_full, axis, split_axis=1, concat_axis=1, tiled=True)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.standard_normal((8, 8, 4), dtype=np.float32),)


def main(q_embs):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    tok = QueryTokenizer(ColBERTConfig())
    spec = P("batch", "token", None)
    q_embs = jax.device_put(q_embs, NamedSharding(mesh, spec))
    fn = jax.shard_map(tok.augment, mesh=mesh, in_specs=spec, out_specs=P("batch", "token", None))
    return fn(q_embs)


if __name__ == "__main__":
    main(*inputs())
