"""Length-normalised beam scores for an attention OCR decoder (ported from a torch.distributed job)."""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Backend(enum.Enum):
    NCCL = "nccl"
    GLOO = "gloo"


@dataclass(frozen=True)
class GroupSpec:
    axis: str
    backend: Backend = Backend.NCCL


class ProcessGroupRegistry:
    def __init__(self):
        self._groups = {}

    def register(self, name, spec):
        self._groups[name] = spec
        return spec

    def __getitem__(self, name):
        return self._groups[name]


GROUPS = ProcessGroupRegistry()
GROUPS.register("beam", GroupSpec("data"))
MESH = jax.make_mesh((4, 2), ("data", "model"))


def gather_scores(scores, group_name, differentiable=True):
    grp = GROUPS[group_name]
    return jax.lax.all_gather(scores, grp.axis, axis=0, tiled=True,
                              to="reduced" if differentiable else "varying")


@dataclass
class BeamConfig:
    alpha: float = 0.6
    min_len: int = 5


def normalise(logp, lengths, cfg=BeamConfig()):
    all_logp = gather_scores(logp.sum(axis=-1), "beam")
    penalty = ((cfg.min_len + lengths) / (cfg.min_len + 1.0)) ** cfg.alpha
    return all_logp / penalty


def inputs():
    rng = np.random.default_rng(5)
    logp = -np.abs(rng.normal(size=(8, 6))).astype(np.float32)
    lengths = np.arange(8, 40, 4).astype(np.float32)
    return (jax.device_put(logp, NamedSharding(MESH, P("data", "model"))),
            jax.device_put(lengths, NamedSharding(MESH, P())))


def main(logp, lengths):
    fn = jax.shard_map(normalise, mesh=MESH, in_specs=(P("data", "model"), P()),
                       out_specs=P("model", reduced={"data"}))
    print("normalised beam scores:", np.asarray(fn(logp, lengths)))


if __name__ == "__main__":
    main(*inputs())
