"""tools/test.py: per-class average precision, reduced over the evaluation mesh."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser("eval mAP")
    parser.add_argument("--score-thr", type=float, default=0.3)
    parser.add_argument("--eval-axes", nargs="+", default=["tensor"])
    return parser.parse_args(argv)


class MeanAP:
    def __init__(self, score_thr, sample_axis, eval_axes):
        self.score_thr = score_thr
        self.sample_axis = sample_axis
        self.eval_axes = tuple(eval_axes)

    def class_precision(self, scores, labels):
        keep = (scores > self.score_thr).astype(jnp.float32)
        tp = jax.lax.psum((keep * labels).sum(axis=0), self.sample_axis)
        dets = jax.lax.psum(keep.sum(axis=0), self.sample_axis)
        return tp / jnp.maximum(dets, 1.0)

    def __call__(self, scores, labels):
        ap = self.class_precision(scores, labels)
        return jax.lax.pmean(ap.mean(), axis_name=self.eval_axes)


def inputs():
    rng = np.random.default_rng(64)
    return (rng.uniform(size=(16, 8)).astype(np.float32),
            (rng.uniform(size=(16, 8)) > 0.5).astype(np.float32))


def main(scores, labels, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("replica", "tensor")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("replica", "tensor")))
    metric = MeanAP(args.score_thr, "replica", args.eval_axes)
    run = jax.shard_map(metric, mesh=mesh, in_specs=(P("replica", "tensor"), P("replica", "tensor")),
                        out_specs=P())
    return run(scores, labels)


if __name__ == "__main__":
    main(*inputs())
