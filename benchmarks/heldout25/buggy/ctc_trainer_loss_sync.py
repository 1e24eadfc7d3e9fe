"""ASR trainer hierarchy: the base class syncs metrics, the CTC trainer logs per-utterance losses."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BaseASRTrainer:
    data_axis = "utt"

    def sync(self, value):
        return jax.lax.pmean(value, self.data_axis)

    def step(self, log_probs, targets):
        raise NotImplementedError


class CTCTrainer(BaseASRTrainer):
    blank = 0

    def frame_loss(self, log_probs, targets):
        picked = jnp.take_along_axis(log_probs, targets[..., None], axis=-1)[..., 0]
        return -picked.sum(axis=-1)

    def step(self, log_probs, targets):
        per_utt = self.frame_loss(log_probs, targets)
        loss_table = jax.lax.all_gather(per_utt, self.data_axis, to="reduced", tiled=True)
        return loss_table, self.sync(loss_table)


def inputs():
    rng = np.random.default_rng(24)
    logits = rng.normal(size=(16, 12, 8)).astype(np.float32)
    targets = rng.integers(1, 8, size=(16, 12)).astype(np.int32)
    return np.asarray(jax.nn.log_softmax(logits, -1)), targets


def main(log_probs, targets):
    trainer = CTCTrainer()
    mesh = jax.make_mesh((8,), (trainer.data_axis,))
    spec = P(trainer.data_axis)
    log_probs, targets = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (log_probs, targets))
    out = P(None, reduced={trainer.data_axis})
    return jax.shard_map(trainer.step, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(out, P()))(log_probs, targets)


if __name__ == "__main__":
    print(main(*inputs()))
