"""Padding mask applied to gathered document tokens before MaxSim."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ColBERT:
    doc_maxlen = 16

    def __init__(self, token_axis="token", mask_punctuation=True):
        self.token_axis = token_axis
        self.mask_punctuation = mask_punctuation

    def doc(self, d_embs, doclen):
        d_full = jax.lax.all_gather(d_embs, self.token_axis, axis=1, tiled=True, to="reduced")
        mask = jnp.arange(self.doc_maxlen)[None, :] < doclen
        return d_full * mask[..., None]

    def score(self, q, d_embs, doclen):
        d = self.doc(d_embs, doclen)
        sim = jnp.einsum("bqd,btd->bqt", q, d)
        return jnp.sum(jnp.max(sim, axis=-1), axis=-1)


def inputs():
    rng = np.random.default_rng(55)
    q = rng.standard_normal((8, 4, 8), dtype=np.float32)
    d_embs = rng.standard_normal((8, 16, 8), dtype=np.float32)
    doclen = rng.integers(6, 16, size=(8, 1)).astype(np.int32)
    return q, d_embs, doclen


def main(q, d_embs, doclen):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    model = ColBERT()
    specs = (P("batch", None, None), P("batch", "token", None), P("batch", None))
    q, d_embs, doclen = (
        jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((q, d_embs, doclen), specs)
    )
    fn = jax.shard_map(model.score, mesh=mesh, in_specs=specs, out_specs=P("batch"))
    return fn(q, d_embs, doclen)


if __name__ == "__main__":
    main(*inputs())
