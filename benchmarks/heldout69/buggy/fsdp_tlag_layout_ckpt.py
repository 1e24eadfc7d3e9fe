"""FULL_STATE_DICT export of a layout-analysis model trained with an FSDP-like wrapper."""
import enum
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


class StateDictType(enum.Enum):
    FULL_STATE_DICT = "full"
    SHARDED_STATE_DICT = "sharded"


@dataclass(frozen=True)
class StateDictConfig:
    train_spec: P = P(("fsdp", "tp"), None)
    export_spec: P = P("tp", None, reduced={"fsdp"})
    offload_to_cpu: bool = False


class LayoutModel:
    def __init__(self, cfg):
        rng = np.random.default_rng(23)
        self.cfg = cfg
        self.classifier = jax.device_put(rng.normal(size=(16, 5)).astype(np.float32),
                                         NamedSharding(MESH, cfg.train_spec))


class FSDP:
    def __init__(self, module, kind=StateDictType.FULL_STATE_DICT):
        self.module = module
        self.kind = kind

    def state_dict(self):
        cfg = self.module.cfg
        if self.kind is StateDictType.SHARDED_STATE_DICT:
            return {"classifier": self.module.classifier}
        return {"classifier": top_level_all_gather(self.module.classifier, cfg.export_spec)}


def inputs():
    return (FSDP(LayoutModel(StateDictConfig())),)


def main(model):
    with jax.set_mesh(MESH):
        sd = model.state_dict()
    print({k: v.shape for k, v in sd.items()})


if __name__ == "__main__":
    main(*inputs())
