"""encode_prompt of a StableDiffusionPipeline port: prompt embeddings shared by the data shards."""
import dataclasses
import functools
import inspect
import json
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- scheduling_utils.py ----

@dataclasses.dataclass
class SchedulerOutput:
    prev_sample: jax.Array
    pred_original_sample: Optional[jax.Array] = None


def betas_for_schedule(beta_schedule, beta_start, beta_end, num_train_timesteps):
    if beta_schedule == "linear":
        return np.linspace(beta_start, beta_end, num_train_timesteps, dtype=np.float64)
    elif beta_schedule == "scaled_linear":
        return np.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps, dtype=np.float64) ** 2
    raise NotImplementedError(f"{beta_schedule} is not implemented")


class SchedulerMixin(ConfigMixin):
    order = 1

    def _init_schedule(self):
        cfg = self.config
        self.betas = betas_for_schedule(cfg.beta_schedule, cfg.beta_start, cfg.beta_end, cfg.num_train_timesteps)
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(self.alphas)
        self.timesteps = np.arange(0, cfg.num_train_timesteps)[::-1].copy()

    def set_timesteps(self, num_inference_steps):
        step_ratio = self.config.num_train_timesteps // num_inference_steps
        self.num_inference_steps = num_inference_steps
        self.timesteps = (np.arange(0, num_inference_steps) * step_ratio).round()[::-1].astype(np.int64)

    def previous_timestep(self, timestep):
        return timestep - self.config.num_train_timesteps // self.num_inference_steps

# ---- pipeline_utils.py ----

@dataclasses.dataclass
class ImagePipelineOutput:
    images: jax.Array


class DDIMScheduler(SchedulerMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, beta_start=0.00085, beta_end=0.012,
                 beta_schedule="scaled_linear"):
        self._init_schedule()

    def step(self, model_output, timestep, sample):
        prev_t = self.previous_timestep(timestep)
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else 1.0
        pred_original_sample = (sample - (1 - alpha_prod_t) ** 0.5 * model_output) / alpha_prod_t ** 0.5
        prev_sample = alpha_prod_t_prev ** 0.5 * pred_original_sample + (1 - alpha_prod_t_prev) ** 0.5 * model_output
        return SchedulerOutput(prev_sample=prev_sample, pred_original_sample=pred_original_sample)


class UNet2DConditionModel(ConfigMixin):
    @register_to_config
    def __init__(self, sample_size=16, cross_attention_dim=16):
        self.attn_processor = None

    def set_attn_processor(self, processor):
        self.attn_processor = processor

    def __call__(self, sample, timestep, encoder_hidden_states):
        hidden_states = sample + encoder_hidden_states
        if self.attn_processor is not None:
            hidden_states = self.attn_processor(hidden_states, encoder_hidden_states)
        return jnp.tanh(hidden_states) * (timestep / 1000.0)


class DiffusionPipeline(ConfigMixin):
    def register_modules(self, **modules):
        for name, module in modules.items():
            setattr(self, name, module)
        self.register_to_config(**{name: [type(module).__module__, type(module).__name__]
                                   for name, module in modules.items()})

    @property
    def components(self):
        return {name: getattr(self, name) for name in self.config}

# ---- pipeline_stable_diffusion.py ----

class StableDiffusionPipeline(DiffusionPipeline):
    def __init__(self, unet, scheduler, mesh, batch_axis="data"):
        self.register_modules(unet=unet, scheduler=scheduler)
        self.mesh = mesh
        self.batch_axis = batch_axis

    def encode_prompt(self, prompt_embeds, negative_prompt_embeds, do_classifier_free_guidance=True):
        prompt_embeds = gather_reduced(prompt_embeds, self.batch_axis)
        if do_classifier_free_guidance:
            negative_prompt_embeds = gather_reduced(negative_prompt_embeds, self.batch_axis)
        return prompt_embeds, negative_prompt_embeds

    def shard_prompt_embeds(self, embeds):
        # back to one slice of rows per data shard, the slice this shard denoises
        return jax.lax.psum_scatter(embeds, self.batch_axis, scatter_dimension=0, tiled=True) / jax.lax.axis_size(self.batch_axis)

    def _denoise(self, latents, prompt_embeds, negative_prompt_embeds):
        prompt_embeds, negative_prompt_embeds = self.encode_prompt(prompt_embeds, negative_prompt_embeds)
        prompt_embeds = jnp.concatenate([self.shard_prompt_embeds(negative_prompt_embeds),
                                         self.shard_prompt_embeds(prompt_embeds)])
        for t in self.scheduler.timesteps:
            noise_pred = self.unet(jnp.concatenate([latents] * 2), int(t), encoder_hidden_states=prompt_embeds)
            noise_pred_uncond, noise_pred_text = jnp.split(noise_pred, 2)
            noise_pred = noise_pred_uncond + self.guidance_scale * (noise_pred_text - noise_pred_uncond)
            latents = self.scheduler.step(noise_pred, int(t), latents).prev_sample
        return latents

    def __call__(self, latents, prompt_embeds, negative_prompt_embeds, num_inference_steps=3, guidance_scale=7.5):
        self.guidance_scale = guidance_scale
        self.scheduler.set_timesteps(num_inference_steps)
        spec = P(self.batch_axis, "model")
        images = jax.shard_map(self._denoise, mesh=self.mesh, in_specs=(spec, spec, spec), out_specs=spec)(
            *(shard(x, self.mesh, spec) for x in (latents, prompt_embeds, negative_prompt_embeds)))
        return ImagePipelineOutput(images=images)


def inputs():
    rng = np.random.default_rng(13)
    latents = rng.standard_normal((8, 16), dtype=np.float32)
    prompt_embeds = rng.standard_normal((8, 16), dtype=np.float32)
    negative_prompt_embeds = np.zeros((8, 16), dtype=np.float32)
    return latents, prompt_embeds, negative_prompt_embeds


def main(latents, prompt_embeds, negative_prompt_embeds):
    mesh = create_mesh((2, 4), ("data", "model"))
    pipe = StableDiffusionPipeline(UNet2DConditionModel(), DDIMScheduler.from_config({"beta_schedule": "linear"}), mesh)
    return pipe(latents, prompt_embeds, negative_prompt_embeds).images


if __name__ == "__main__":
    main(*inputs())
