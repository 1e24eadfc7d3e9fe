"""Row/column span metrics restored from a checkpoint's metadata and re-reduced after resume."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "mp"))

CHECKPOINT_META = json.loads("""
{"metrics": {"span_f1": {"reduce_axes": ["dp"], "op": "mean"}},
 "model_axis": "mp"}
""")
_OPS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}


class MetricState:
    def __init__(self, meta):
        self.meta = meta

    def local_f1(self, pred, gold):
        tp = jnp.sum(pred * gold)
        fp = jnp.sum(pred * (1 - gold))
        fn = jnp.sum((1 - pred) * gold)
        tp, fp, fn = (jax.lax.psum(v, self.meta["model_axis"]) for v in (tp, fp, fn))
        return 2 * tp / (2 * tp + fp + fn + 1e-6)

    def load_and_reduce(self, pred, gold):
        spec = self.meta["metrics"]["span_f1"]
        return _OPS[spec["op"]](self.local_f1(pred, gold), tuple(spec["reduce_axes"])[0])


def inputs():
    rng = np.random.default_rng(44)
    gold = (rng.random((8, 16)) > 0.5).astype(np.float32)
    pred = np.where(rng.random((8, 16)) > 0.1, gold, 1 - gold).astype(np.float32)
    s = NamedSharding(MESH, P("dp", "mp"))
    return jax.device_put(pred, s), jax.device_put(gold, s)


def main(pred, gold):
    m = MetricState(CHECKPOINT_META)
    fn = jax.shard_map(m.load_and_reduce, mesh=MESH, in_specs=(P("dp", "mp"), P("dp", "mp")),
                       out_specs=P())
    print("span F1:", float(fn(pred, gold)))


if __name__ == "__main__":
    main(*inputs())
