import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# Stand-ins for detectron2.config.CfgNode and detectron2.utils.registry.Registry, so the
# script runs without detectron2 installed.
class CfgNode(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, opts):
        assert len(opts) % 2 == 0, "override list must be KEY VALUE pairs"
        for full_key, raw in zip(opts[0::2], opts[1::2]):
            *parents, leaf = full_key.split(".")
            node = self
            for key in parents:
                node = node[key]
            try:
                value = ast.literal_eval(raw)
            except (ValueError, SyntaxError):
                value = raw
            node[leaf] = value


CN = CfgNode


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(func_or_class):
                self._obj_map[func_or_class.__name__] = func_or_class
                return func_or_class
            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        if name not in self._obj_map:
            raise KeyError(f"No object named '{name}' found in '{self._name}' registry!")
        return self._obj_map[name]


_C = CN()
_C.DATASETS = CN()
_C.DATASETS.TEST = ("coco_2017_val_mini",)
_C.MODEL = CN()
_C.MODEL.ROI_HEADS = CN()
_C.MODEL.ROI_HEADS.NUM_CLASSES = 4
_C.MODEL.ROI_HEADS.SCORE_THRESH_TEST = 0.5
_C.TEST = CN()
_C.TEST.DETECTIONS_PER_IMAGE = 16
_C.TEST.IMS_PER_BATCH = 8
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MESH.AXIS_NAMES = ("data", "instance")


def get_cfg():
    return _C.clone()


class DatasetEvaluator:
    def reset(self):
        pass

    def process(self, inputs, outputs):
        pass

    def evaluate(self):
        pass


class DatasetEvaluators(DatasetEvaluator):
    def __init__(self, evaluators):
        self._evaluators = evaluators

    def reset(self):
        for evaluator in self._evaluators:
            evaluator.reset()

    def process(self, inputs, outputs):
        for evaluator in self._evaluators:
            evaluator.process(inputs, outputs)

    def evaluate(self):
        results = {}
        for evaluator in self._evaluators:
            for k, v in (evaluator.evaluate() or {}).items():
                assert k not in results, f"Different evaluators produce results with the same key {k}"
                results[k] = v
        return results


def inference_on_dataset(model, data_loader, evaluator):
    evaluator.reset()
    for inputs in data_loader:
        evaluator.process(inputs, model(inputs))
    return evaluator.evaluate()


def build_detection_test_loader(cfg, mesh, images, gt_classes):
    bs = cfg.TEST.IMS_PER_BATCH
    for start in range(0, images.shape[0], bs):
        yield {
            "image": jax.device_put(images[start:start + bs], NamedSharding(mesh, P("data"))),
            "gt_classes": gt_classes[start:start + bs],
        }


def build_model(cfg, mesh, weight):
    weight = jax.device_put(weight, NamedSharding(mesh, P(None, "instance")))
    forward = jax.jit(lambda image, w: jax.nn.sigmoid(image @ w),
                      out_shardings=NamedSharding(mesh, P("data", "instance")))
    return lambda batch: {"scores": forward(batch["image"], weight)}


def inputs():
    rng = np.random.default_rng(11)
    images = rng.normal(size=(16, 12)).astype(np.float32)
    weight = rng.normal(size=(12, 16)).astype(np.float32)
    gt_classes = rng.integers(0, 5, size=(16, 16)).astype(np.int32)
    return images, weight, gt_classes


class SemSegEvaluator(DatasetEvaluator):
    def __init__(self, dataset_name, cfg, mesh, ignore_label=0):
        self._dataset_name = dataset_name
        self._mesh = mesh
        self._axes = tuple(mesh.axis_names)
        self._ignore_label = ignore_label
        self._thresh = cfg.MODEL.ROI_HEADS.SCORE_THRESH_TEST

    def reset(self):
        self._scores, self._labels = [], []

    def process(self, inputs, outputs):
        self._scores.append(np.asarray(outputs["scores"]))
        self._labels.append(inputs["gt_classes"])

    def _stats(self, scores, labels):
        stats = {
            "correct": ((scores > self._thresh) == (labels > 0)).sum().astype(jnp.float32),
            "valid": (labels != self._ignore_label).sum().astype(jnp.float32),
        }
        return jax.tree.map(lambda v: jax.lax.psum(v, self._axes), stats)

    def evaluate(self):
        in_specs = (P(*self._axes), P(*self._axes))
        fn = jax.shard_map(self._stats, mesh=self._mesh, in_specs=in_specs, out_specs=P())
        scores = jax.device_put(np.concatenate(self._scores), NamedSharding(self._mesh, in_specs[0]))
        labels = jax.device_put(np.concatenate(self._labels), NamedSharding(self._mesh, in_specs[1]))
        stats = fn(scores, labels)
        return {f"{self._dataset_name}/pACC": float(stats["correct"] / stats["valid"])}


def build_evaluator(cfg, mesh, dataset_name):
    return SemSegEvaluator(dataset_name, cfg, mesh)


def main(images, weight, gt_classes):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    model = build_model(cfg, mesh, weight)
    evaluator = DatasetEvaluators([build_evaluator(cfg, mesh, name) for name in cfg.DATASETS.TEST])
    loader = build_detection_test_loader(cfg, mesh, images, gt_classes)
    return inference_on_dataset(model, loader, evaluator)


if __name__ == "__main__":
    print(main(*inputs()))
