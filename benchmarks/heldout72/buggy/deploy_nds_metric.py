"""tools/test.py --eval bbox: nuScenes-style true-positive error metrics over the test shards."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


METRICS = Registry("metrics")

test_evaluator = dict(type="NuScenesMetric", tp_metrics=("trans_err", "scale_err"), class_axis="tensor")


def parse_args(argv):
    parser = argparse.ArgumentParser(description="test (and eval) a model")
    parser.add_argument("--eval", nargs="+", default=["bbox"])
    parser.add_argument("--collect-axis", default="tensor")
    return parser.parse_args(argv)


@METRICS.register_module()
class NuScenesMetric:
    def __init__(self, tp_metrics, class_axis, collect_axis=None):
        self.tp_metrics = tp_metrics
        self.class_axis = class_axis
        self.collect_axis = collect_axis or class_axis

    def mean_tp_error(self, errors, matched):
        total = jax.lax.psum((errors * matched).sum(axis=-1), self.class_axis)
        count = jax.lax.psum(matched.sum(axis=-1), self.class_axis)
        return total / jnp.maximum(count, 1.0)

    def _collect(self, value):
        return jax.lax.all_gather(value, self.collect_axis, axis=0, tiled=True, to="reduced")

    def compute_metrics(self, trans_err, scale_err, matched):
        errors = dict(trans_err=trans_err, scale_err=scale_err)
        return tuple(self._collect(self.mean_tp_error(errors[name], matched)) for name in self.tp_metrics)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.uniform(0, 2, size=(8, 16)).astype(np.float32),
            rng.uniform(0, 1, size=(8, 16)).astype(np.float32),
            (rng.uniform(size=(8, 16)) > 0.3).astype(np.float32))


def main(trans_err, scale_err, matched, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    spec = P("replica", "tensor")
    trans_err, scale_err, matched = (jax.device_put(a, NamedSharding(mesh, spec))
                                     for a in (trans_err, scale_err, matched))
    metric = build_from_cfg(test_evaluator, METRICS, default_args=dict(collect_axis=args.collect_axis))
    out = P("replica", reduced={"tensor"})
    run = jax.shard_map(metric.compute_metrics, mesh=mesh, in_specs=(spec, spec, spec), out_specs=(out, out))
    return run(trans_err, scale_err, matched)


if __name__ == "__main__":
    main(*inputs())
