"""A frozen, keyword-only dataclass with slots (Python 3.11) holds the axes a body reduces over:
its generated `__init__` stores the fields (the default kept from the class body), and a class
pattern reads them back by keyword."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(slots=True, kw_only=True, frozen=True)
class SyncCfg:
    inner: str
    outer: str = "data,model"

    def scaled(self, steps: int) -> int:
        return steps * len(self.outer.split(","))


def outer_axes(cfg: SyncCfg) -> tuple[str, ...] | str:
    match cfg:
        case SyncCfg(outer=str(text)) if "," in text:
            return tuple(text.split(","))
        case SyncCfg(outer=text):
            return text


def make_body(cfg: SyncCfg):
    def body(x):
        total = jax.lax.psum(x, cfg.inner)
        return jax.lax.pmean(total, outer_axes(cfg))  # SF105
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    cfg = dataclasses.replace(SyncCfg(inner="data"), inner="model")
    print(cfg.scaled(3))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xd = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(make_body(cfg), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(xd)


if __name__ == "__main__":
    main(*inputs())
