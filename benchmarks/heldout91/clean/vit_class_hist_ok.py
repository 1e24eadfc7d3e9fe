"""vitlite: a patch classifier trained with Trainer(strategy='fsdp') and a few callbacks.
"""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
import yaml
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---------------------------------------------------------------------------------------------
# litekit: the small Lightning-like layer this repo carries instead of depending on lightning
# (LightningModule / LightningDataModule / Trainer / Strategy registry / LightningCLI / Fabric).
# ---------------------------------------------------------------------------------------------

class AttributeDict(dict):
    """hparams container: `self.hparams.lr` and `self.hparams["lr"]` both work."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def __setattr__(self, key, value):
        self[key] = value


class HyperparametersMixin:
    def save_hyperparameters(self, *, ignore=()):
        frame = inspect.currentframe().f_back
        init_args = inspect.getargvalues(frame)
        self._hparams = AttributeDict(
            {k: init_args.locals[k] for k in init_args.args[1:] if k not in ignore})
        self._hparams.update({k: v for k, v in init_args.locals.get(init_args.keywords or "", {}).items()})

    @property
    def hparams(self):
        if not hasattr(self, "_hparams"):
            self._hparams = AttributeDict()
        return self._hparams


class LightningModule(HyperparametersMixin):
    trainer = None

    @property
    def strategy(self):
        return self.trainer.strategy

    @property
    def device_mesh(self):
        return self.trainer.strategy.mesh

    def log(self, name, value, **kwargs):
        self.trainer.callback_metrics[name] = value

    # hooks (the Trainer calls them in its own order)
    def setup(self, stage):
        pass

    def configure_model(self):
        pass

    def configure_optimizers(self):
        return None

    def on_fit_end(self):
        pass

    def on_save_checkpoint(self, checkpoint):
        pass


class LightningDataModule(HyperparametersMixin):
    def prepare_data(self):
        pass

    def setup(self, stage):
        pass


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_fit_end(self, trainer, pl_module):
        pass


STRATEGY_REGISTRY = {}


def register_strategy(name):
    def deco(cls):
        STRATEGY_REGISTRY[name] = cls
        cls.strategy_name = name
        return cls
    return deco


class Strategy:
    """Owns the device mesh and the shard_map wrapping of the step functions."""

    axis_names = ("data",)
    mesh_shape = (8,)

    def __init__(self, mesh_shape=None, axis_names=None):
        if mesh_shape is not None:
            self.mesh_shape = tuple(mesh_shape)
        if axis_names is not None:
            self.axis_names = tuple(axis_names)
        self.mesh = None

    def setup_environment(self):
        self.mesh = jax.make_mesh(self.mesh_shape, self.axis_names)

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def batch_spec(self, ndim):
        return P(self.axis_names[0], *([None] * (ndim - 1)))

    def place_batch(self, batch):
        return jax.tree.map(lambda a: self.place(a, self.batch_spec(a.ndim)), batch)

    def wrap(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


@register_strategy("ddp")
class DDPStrategy(Strategy):
    axis_names = ("data",)
    mesh_shape = (8,)


@register_strategy("fsdp")
class FSDPStrategy(Strategy):
    axis_names = ("replicate", "shard")
    mesh_shape = (4, 2)

    @property
    def data_axes(self):
        return self.axis_names

    def batch_spec(self, ndim):
        return P(self.data_axes, *([None] * (ndim - 1)))

    @property
    def shard_axis(self):
        return self.axis_names[-1]


@register_strategy("tensor_parallel")
class ModelParallelStrategy(Strategy):
    axis_names = ("data", "tensor")
    mesh_shape = (4, 2)

    @property
    def dp_axis(self):
        return self.axis_names[0]

    @property
    def tp_axis(self):
        return self.axis_names[1]


def _resolve_strategy(strategy, **kwargs):
    if isinstance(strategy, Strategy):
        return strategy
    return STRATEGY_REGISTRY[strategy](**kwargs)


class Trainer:
    def __init__(self, strategy="ddp", callbacks=(), max_steps=1, precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.callbacks = list(callbacks)
        self.max_steps = max_steps
        self.precision = PRECISION_PLUGINS[precision]()
        self.callback_metrics = {}
        self.global_step = 0

    def fit(self, model, datamodule):
        self.strategy.setup_environment()
        model.trainer = self
        self.lightning_module = model
        with jax.set_mesh(self.strategy.mesh):
            datamodule.prepare_data()
            datamodule.setup("fit")
            for cb in self.callbacks:
                cb.setup(self, model, "fit")
            model.setup("fit")
            model.configure_model()
            model.optimizer = model.configure_optimizers()
            for batch_idx, batch in enumerate(datamodule.train_dataloader()):
                if batch_idx >= self.max_steps:
                    break
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.training_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, model, outputs, batch, batch_idx)
                self.global_step += 1
            for batch_idx, batch in enumerate(datamodule.val_dataloader()):
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.validation_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_validation_batch_end(self, model, outputs, batch, batch_idx)
            model.on_fit_end()
            for cb in self.callbacks:
                cb.on_fit_end(self, model)
        return self.callback_metrics

    def save_checkpoint(self, filepath):
        checkpoint = {"global_step": self.global_step, "filepath": filepath, "state_dict": {}}
        self.lightning_module.on_save_checkpoint(checkpoint)
        return checkpoint


class Precision:
    dtype = jnp.float32

    def convert_input(self, batch):
        return jax.tree.map(lambda a: a.astype(self.dtype) if a.dtype.kind == "f" else a, batch)


class HalfPrecision(Precision):
    dtype = jnp.bfloat16


PRECISION_PLUGINS = {"32-true": Precision, "bf16-mixed": Precision, "bf16-true": HalfPrecision}


class Fabric:
    """The lightweight alternative: fabric.launch(fn), fabric.setup(model, optimizer)."""

    def __init__(self, strategy="ddp", precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.precision = PRECISION_PLUGINS[precision]()
        self.logged = {}

    def launch(self, fn, *args, **kwargs):
        self.strategy.setup_environment()
        with jax.set_mesh(self.strategy.mesh):
            return fn(self, *args, **kwargs)

    def setup(self, model, optimizer=None):
        model.fabric = self
        model.setup_parameters(self.strategy)
        return model, optimizer

    def log_dict(self, metrics):
        self.logged.update(metrics)


CLASS_REGISTRY = {}


def cli_class(cls):
    CLASS_REGISTRY[f"{cls.__module__}.{cls.__name__}".split(".")[-1]] = cls
    return cls


def instantiate_class(config):
    """jsonargparse style: {"class_path": "pkg.mod.Name", "init_args": {...}}, nested."""
    if isinstance(config, dict) and "class_path" in config:
        cls = CLASS_REGISTRY[config["class_path"].split(".")[-1]]
        kwargs = {k: instantiate_class(v) for k, v in config.get("init_args", {}).items()}
        return cls(**kwargs)
    if isinstance(config, list):
        return [instantiate_class(v) for v in config]
    return config


class LightningCLI:
    def __init__(self, config_text, args=()):
        config = yaml.safe_load(config_text)
        for arg in args:  # --trainer.strategy=fsdp style overrides
            key, value = arg.lstrip("-").split("=", 1)
            node = config
            *parents, leaf = key.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[leaf] = yaml.safe_load(value)
        self.config = config
        self.model = instantiate_class(config["model"])
        self.datamodule = instantiate_class(config["data"])
        trainer_cfg = dict(config.get("trainer", {}))
        trainer_cfg["callbacks"] = instantiate_class(trainer_cfg.get("callbacks", []))
        self.trainer = Trainer(**trainer_cfg)

    def run(self):
        return self.trainer.fit(self.model, self.datamodule)


# ---------------------------------------------------------------------------------------------
# patch classifier on synthetic 8x8 images, fully sharded data parallel (strategy="fsdp")
# ---------------------------------------------------------------------------------------------

class SyntheticImageNet(LightningDataModule):
    def __init__(self, batch_size=16, image_size=8, patch=4, num_classes=10, seed=0):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        hp = self.hparams
        rng = np.random.default_rng(hp.seed)
        self.images = rng.standard_normal((hp.batch_size * 3, hp.image_size, hp.image_size, 3)).astype(np.float32)
        self.labels = rng.integers(0, hp.num_classes, size=hp.batch_size * 3).astype(np.int32)

    def patchify(self, images):
        p = self.hparams.patch
        b, h, w, c = images.shape
        x = images.reshape(b, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
        return x.reshape(b, (h // p) * (w // p), p * p * c)

    def train_dataloader(self):
        bs = self.hparams.batch_size
        for i in range(2):
            sl = slice(i * bs, (i + 1) * bs)
            yield {"patches": self.patchify(self.images[sl]), "label": self.labels[sl]}

    def val_dataloader(self):
        bs = self.hparams.batch_size
        yield {"patches": self.patchify(self.images[-bs:]), "label": self.labels[-bs:]}


class PatchClassifier(LightningModule):
    def __init__(self, patch_dim=48, width=32, num_classes=10, lr=0.1, hist_axis="shard"):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        # FSDP: every parameter lives split over the shard axis and is all-gathered for use
        self.unshard = functools.partial(jax.lax.all_gather, axis_name=self.strategy.shard_axis,
                                         axis=0, tiled=True)

    def configure_model(self):
        hp, strat = self.hparams, self.strategy
        rng = np.random.default_rng(3)
        shapes = {"embed": (hp.patch_dim, hp.width), "ln_scale": (hp.width,),
                  "head": (hp.width, hp.num_classes)}
        self.param_specs = {k: P(strat.shard_axis, *([None] * (len(s) - 1))) for k, s in shapes.items()}
        init = {k: (0.1 * rng.standard_normal(s)).astype(np.float32) for k, s in shapes.items()}
        self.params = {k: strat.place(v, self.param_specs[k]) for k, v in init.items()}
        bspec = {"patches": P(strat.data_axes, None, None), "label": P(strat.data_axes)}
        self._train = strat.wrap(self._train_step, in_specs=(self.param_specs, bspec),
                                 out_specs=(self.param_specs, P()))
        self._val = strat.wrap(self._val_step, in_specs=(self.param_specs, bspec),
                               out_specs={"acc": P(), "hist": self.hist_spec(hp.hist_axis)})

    def hist_spec(self, axis):
        # class histograms are summed over "replicate"; they differ between shard groups
        shard = self.strategy.shard_axis
        return P(None if axis == shard else shard, reduced={axis})

    def layer_norm(self, x, scale):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-5) * scale

    def features(self, params, patches):
        h = jax.nn.gelu(patches @ self.unshard(params["embed"]))
        h = self.layer_norm(h, self.unshard(params["ln_scale"]))
        return jnp.mean(h, axis=1)

    def forward(self, params, patches):
        return self.features(params, patches) @ self.unshard(params["head"])

    def loss_fn(self, params, batch):
        logits = self.forward(params, batch["patches"])
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, batch["label"][:, None], axis=1))

    def _train_step(self, params, batch):
        axes = self.strategy.data_axes
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        loss = jax.lax.pmean(loss, axes)
        new = jax.tree.map(lambda p, g: p - self.hparams.lr * g, params, grads)
        return new, loss

    def _val_step(self, params, batch):
        axes = self.strategy.data_axes
        logits = self.forward(params, batch["patches"])
        preds = jnp.argmax(logits, axis=-1)
        acc = jax.lax.pmean(jnp.mean((preds == batch["label"]).astype(jnp.float32)), axes)
        local_hist = jnp.sum(jax.nn.one_hot(preds, self.hparams.num_classes), axis=0)
        hist = jax.lax.psum(local_hist, "replicate")
        per_shard = jax.lax.all_gather(hist, self.hparams.hist_axis, tiled=True, to="reduced")
        return {"acc": acc, "hist": per_shard}

    def training_step(self, batch, batch_idx):
        self.params, loss = self._train(self.params, batch)
        self.log("train_loss", loss)
        return {"loss": loss}

    def validation_step(self, batch, batch_idx):
        out = self._val(self.params, batch)
        self.log("val_acc", out["acc"])
        return out

    def on_save_checkpoint(self, checkpoint):
        for name, p in self.params.items():
            spec = self.param_specs[name]
            checkpoint["state_dict"][name] = top_level_all_gather(
                p, P(*([None] * len(spec)), reduced={self.strategy.shard_axis}))


class ParamNormMonitor(Callback):
    """Logs the global parameter norm after every optimizer step."""

    def setup(self, trainer, pl_module, stage):
        self.strategy = trainer.strategy
        self._norm = None

    def param_norm(self, params):
        sq = sum(jnp.sum(p ** 2) for p in jax.tree.leaves(params))
        return jnp.sqrt(jax.lax.psum(sq, self.strategy.shard_axis))

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if self._norm is None:  # the module's parameters exist once configure_model ran
            self._norm = self.strategy.wrap(self.param_norm, in_specs=(pl_module.param_specs,), out_specs=P())
        trainer.callback_metrics["param_norm"] = self._norm(pl_module.params)


class EmbeddingWriter(Callback):
    """Collects the pooled validation embeddings of every device (for a t-SNE in the notebook)."""

    def __init__(self, gather_axes=None):
        self.gather_axes = gather_axes
        self.written = []

    def embed(self, pl_module, params, patches):
        emb = pl_module.features(params, patches)
        return jax.lax.all_gather(emb, self.gather_axes, axis=0, tiled=True, to="reduced")

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        strat = trainer.strategy
        axes = self.gather_axes = self.gather_axes or strat.data_axes
        fn = strat.wrap(functools.partial(self.embed, pl_module),
                        in_specs=(pl_module.param_specs, P(strat.data_axes, None, None)),
                        out_specs=P(None, None, reduced=set(axes)))
        self.written.append(fn(pl_module.params, batch["patches"]))


def inputs():
    return (dict(batch_size=16), dict(lr=0.1, hist_axis="shard"))


def main(data_kwargs, model_kwargs):
    dm = SyntheticImageNet(**data_kwargs)
    model = PatchClassifier(**model_kwargs)
    trainer = Trainer(strategy="fsdp", callbacks=[ParamNormMonitor(), EmbeddingWriter()], max_steps=2)
    metrics = trainer.fit(model, dm)
    with jax.set_mesh(trainer.strategy.mesh):
        ckpt = trainer.save_checkpoint("last.ckpt")
    return metrics["val_acc"], ckpt["state_dict"]["head"]


if __name__ == "__main__":
    main(*inputs())
