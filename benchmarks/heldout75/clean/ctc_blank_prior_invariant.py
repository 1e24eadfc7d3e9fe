"""CTC loss with a blank-prior estimate used to rescale posteriors at decoding time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_CONF = {"ctc_type": "builtin", "reduce": True, "prior_axis": "batch", "blank_id": 0}


class CTCLoss:
    def __init__(self, mesh, conf):
        self.batch_axis, self.vocab_axis = mesh.axis_names
        self.conf = conf

    @property
    def prior_axis(self):
        return self.conf.get("prior_axis", self.batch_axis)

    def log_posteriors(self, logits):
        peak = jax.lax.pmax(logits.max(axis=-1, keepdims=True), self.vocab_axis)
        total = jax.lax.psum(jnp.exp(logits - peak).sum(axis=-1, keepdims=True), self.vocab_axis)
        return logits - peak - jnp.log(total)

    def prior(self, post):
        counts = jax.lax.psum(jnp.exp(post).sum(axis=0, keepdims=True), self.batch_axis)
        return jax.lax.all_gather(counts, self.prior_axis, axis=0, tiled=True, to="invarying")

    def __call__(self, logits):
        post = self.log_posteriors(logits)
        return post, self.prior(post)


def inputs():
    rng = np.random.default_rng(30)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "vocab")))
    loss = CTCLoss(mesh, LOSS_CONF)
    return jax.shard_map(loss, mesh=mesh, in_specs=P("batch", "vocab"),
                         out_specs=(P("batch", "vocab"), P(None, "vocab")))(logits)


if __name__ == "__main__":
    print(main(*inputs()))
