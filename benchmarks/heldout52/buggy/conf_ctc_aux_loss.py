"""Streaming conformer: the intermediate CTC auxiliary loss is averaged before logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AUX_LOSSES = {}


def aux_loss(name):
    def deco(fn):
        AUX_LOSSES[name] = fn
        return fn
    return deco


@aux_loss("inter_ctc")
def inter_ctc(log_probs, cfg):
    per_utt = jax.lax.psum(-log_probs.sum(axis=1), cfg["time_axis"])
    return jax.lax.pmean(per_utt.mean(), (cfg["batch_axis"], cfg["time_axis"]))


class ConformerTrainer:
    cfg = {"batch_axis": "batch", "time_axis": "chunk", "aux": ["inter_ctc"]}

    def compute_aux(self, log_probs):
        return sum(AUX_LOSSES[name](log_probs, self.cfg) for name in self.cfg["aux"])


def inputs():
    return (np.log(np.full((8, 16), 0.25, np.float32)),)


def main(log_probs):
    trainer = ConformerTrainer()
    mesh = jax.make_mesh((2, 4), (trainer.cfg["batch_axis"], trainer.cfg["time_axis"]))
    spec = P(trainer.cfg["batch_axis"], trainer.cfg["time_axis"])
    log_probs = jax.device_put(log_probs, NamedSharding(mesh, spec))
    return jax.shard_map(trainer.compute_aux, mesh=mesh, in_specs=spec, out_specs=P())(log_probs)


if __name__ == "__main__":
    main(*inputs())
