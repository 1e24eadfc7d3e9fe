"""Train and eval configs are separate objects; eval's gather axis equals train's batch axis."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class TrainCfg:
    batch_axis: str
    model_axis: str


@dataclass
class EvalCfg:
    gather_axis: str


def inputs():
    return TrainCfg("data", "model"), EvalCfg("data"), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(train, ev, preds):
    mesh = jax.make_mesh((2, 4), (train.batch_axis, train.model_axis))
    preds = jax.device_put(preds, NamedSharding(mesh, P(train.batch_axis)))

    def evaluate(p):
        everything = jax.lax.all_gather(p, ev.gather_axis, to="reduced", tiled=True)
        return jnp.abs(everything)

    out = jax.shard_map(evaluate, mesh=mesh, in_specs=P(train.batch_axis),
                        out_specs=P(None, reduced={ev.gather_axis}))(preds)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
