//! Rasterizes a face's tree for the PNG and Tabletop Simulator sinks. vello_cpu draws every tree
//! made only of what faces use (paths with solid fills and strokes, text, groups that move or
//! fade their children): on our faces it is quicker than resvg's tiny-skia, which supersamples
//! each shape (docs/performance.md).
//! Anything else (gradients, clips, masks, filters, images, blend modes, crisp edges, strokes of
//! more than `MAX_DASHES` dashes) is left to resvg, so such a tree renders exactly as resvg draws it.
use std::cell::RefCell;

use resvg::tiny_skia::{self, Color, PathSegment, PixmapMut, Transform};
use resvg::usvg::{self, Group, Node, Opacity, Tree};
use vello_cpu::kurbo::{Affine, BezPath, Cap, Join, Stroke};
use vello_cpu::peniko::Fill;
use vello_cpu::{Level, RasterizerSettings, RenderContext, RenderMode, RenderSettings, Resources};

/// Names the rasterizers in each PNG's source record (`png_source`): change it whenever a change
/// here changes pixels, so a rebuild draws again the images the previous code made. `baseline`
/// names the pixels of vello's baseline SIMD level, which `level_chosen` draws exactly.
pub const RENDERER: &str = "vello_cpu-0.3/baseline resvg-0.47";

/// Which rasterizer drew a tree (the tests check both are reached).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rasterizer {
    Vello,
    Resvg,
}

/// Paints `pixmap` with `background` (transparent when `None`) and draws `tree` over it with
/// `transform`.
pub fn render(
    tree: &Tree,
    transform: Transform,
    pixmap: &mut PixmapMut,
    background: Option<Color>,
) -> Rasterizer {
    let layer = Layer {
        tree,
        transform,
        clip: None,
    };
    draw_layers(&[layer], pixmap, background, None)
}

/// One tree among several drawn on one pixmap (a whole sheet of the live preview): where it
/// goes, and the rectangle of the pixmap it is clipped to (the part of a piece printed in parts).
pub struct Layer<'t> {
    pub tree: &'t Tree,
    pub transform: Transform,
    pub clip: Option<tiny_skia::Rect>,
}

/// Paints `pixmap` with `background` and draws `layers` over it in order: in one vello pass when
/// vello draws every tree, else each tree by resvg (as `render` chooses for one tree).
pub fn render_layers(layers: &[Layer], pixmap: &mut PixmapMut, background: Color) -> Rasterizer {
    draw_layers(layers, pixmap, Some(background), None)
}

/// `render_layers` on this thread's reused context (at `level_chosen`) when `level` is `None`,
/// else on a fresh context at `level`.
fn draw_layers(
    layers: &[Layer],
    pixmap: &mut PixmapMut,
    background: Option<Color>,
    level: Option<Level>,
) -> Rasterizer {
    let background = background.unwrap_or(Color::TRANSPARENT);
    let by_resvg = |pixmap: &mut PixmapMut| {
        pixmap.fill(background);
        for layer in layers {
            resvg_layer(layer, pixmap);
        }
        Rasterizer::Resvg
    };
    if !(fits_vello(pixmap) && layers.iter().all(|l| vello_draws(l.tree.root()))) {
        return by_resvg(pixmap);
    }
    let (w, h) = (pixmap.width() as u16, pixmap.height() as u16);
    let mut draw = |ctx: &mut RenderContext, resources: &mut Resources| {
        ctx.reset_and_resize(w, h);
        for layer in layers {
            if let Some(clip) = layer.clip {
                ctx.set_transform(Affine::IDENTITY);
                let r = vello_cpu::kurbo::Rect::new(
                    clip.left() as f64,
                    clip.top() as f64,
                    clip.right() as f64,
                    clip.bottom() as f64,
                );
                ctx.push_clip_layer(&vello_cpu::kurbo::Shape::to_path(&r, 0.1));
            }
            draw_group(layer.tree.root(), layer.transform, ctx);
            if layer.clip.is_some() {
                ctx.pop_layer();
            }
        }
        ctx.flush();
        paint(ctx, resources, pixmap, background)
    };
    let drawn = match level {
        Some(level) => draw(
            &mut RenderContext::new_with(w, h, settings(level)),
            &mut Resources::new(),
        ),
        None => with_context(w, h, draw),
    };
    // Not reached: the pixmap was sized for vello above. Drawn by resvg all the same.
    drawn.unwrap_or_else(|| by_resvg(pixmap))
}

/// One layer drawn by resvg over what `pixmap` holds, through its clip when it has one.
fn resvg_layer(layer: &Layer, pixmap: &mut PixmapMut) {
    let Some(clip) = layer.clip else {
        resvg::render(layer.tree, layer.transform, pixmap);
        return;
    };
    let (w, h) = (pixmap.width(), pixmap.height());
    let (Some(mut alone), Some(mut mask)) =
        (tiny_skia::Pixmap::new(w, h), tiny_skia::Mask::new(w, h))
    else {
        return;
    };
    resvg::render(layer.tree, layer.transform, &mut alone.as_mut());
    let rect = tiny_skia::PathBuilder::from_rect(clip);
    mask.fill_path(
        &rect,
        tiny_skia::FillRule::Winding,
        true,
        Transform::identity(),
    );
    pixmap.draw_pixmap(
        0,
        0,
        alone.as_ref(),
        &tiny_skia::PixmapPaint::default(),
        Transform::identity(),
        Some(&mask),
    );
}

/// Whether `tree` may be drawn in bands of rows (`png::Scratch::png_in_bands`): when vello draws
/// it, a pixel depends only on the shapes over it. resvg's effects (a blur, a filter's region)
/// read past a band's edge, so such a tree is drawn whole.
pub fn draws_in_bands(tree: &Tree) -> bool {
    vello_draws(tree.root())
}

/// `render` with vello held to `level`: for the test that the level chosen (`level_chosen`) draws
/// exactly what the baseline draws.
pub fn render_at(
    tree: &Tree,
    transform: Transform,
    pixmap: &mut PixmapMut,
    background: Option<Color>,
    level: Level,
) -> Rasterizer {
    let layer = Layer {
        tree,
        transform,
        clip: None,
    };
    draw_layers(&[layer], pixmap, background, Some(level))
}

/// Runs `draw` on this thread's reused context, made `w`×`h` at `level_chosen` the first time.
fn with_context<R>(
    w: u16,
    h: u16,
    draw: impl FnOnce(&mut RenderContext, &mut Resources) -> R,
) -> R {
    CONTEXT.with_borrow_mut(|slot| {
        let (ctx, resources) = slot.get_or_insert_with(|| {
            (
                RenderContext::new_with(w, h, settings(level_chosen())),
                Resources::new(),
            )
        });
        draw(ctx, resources)
    })
}

/// Writes what `ctx` drew into `pixmap` over `background`; `None` when vello cannot take the
/// pixmap.
fn paint(
    ctx: &mut RenderContext,
    resources: &mut Resources,
    pixmap: &mut PixmapMut,
    background: Color,
) -> Option<Rasterizer> {
    let (w, h) = (pixmap.width() as u16, pixmap.height() as u16);
    // Vello writes every pixel (it need not read the old ones), the background under the face:
    // as filling the pixmap and drawing over it, in one pass.
    let [r, g, b, a] = [
        background.red(),
        background.green(),
        background.blue(),
        background.alpha(),
    ];
    let raster = RasterizerSettings {
        render_mode: RenderMode::OptimizeSpeed,
        target_init: vello_cpu::TargetInit::Clear(vello_cpu::color::AlphaColor::new([r, g, b, a])),
        ..Default::default()
    };
    // A tiny-skia pixmap is exactly width × height RGBA pixels, as vello wants them.
    let target = vello_cpu::PixmapMut::new(w, h, pixmap.data_mut())?;
    ctx.render_with(target, resources, raster);
    Some(Rasterizer::Vello)
}

thread_local! {
    // One context per rendering thread, reused: it keeps its buffers from face to face.
    static CONTEXT: RefCell<Option<(RenderContext, Resources)>> = const { RefCell::new(None) };
}

/// The SIMD level vello draws with: SSE4.2 where the CPU has it (nearly every x86-64 made since
/// 2008), else the baseline (SSE2). SSE4.2 does the same arithmetic as SSE2 with fewer
/// instructions (rounding, blends and integer products in one each): the same pixels, bit for
/// bit (a test renders every shipped face at both), and vello 9-15 % quicker. Not the best level
/// the CPU has: vello's AVX2 path uses fused multiply-adds and anti-aliases a few edge pixels
/// differently, and the same input must give the same bytes on every machine.
pub fn level_chosen() -> Level {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    if let Some(sse4_2) = Level::new().as_sse4_2() {
        return Level::Sse4_2(sse4_2);
    }
    Level::baseline()
}

fn settings(level: Level) -> RenderSettings {
    RenderSettings {
        level,
        num_threads: 0,
    }
}

fn fits_vello(pixmap: &PixmapMut) -> bool {
    pixmap.width() <= u16::MAX as u32 && pixmap.height() <= u16::MAX as u32
}

/// Whether everything under `group` is something vello is given to draw.
fn vello_draws(group: &Group) -> bool {
    let plain_layer = !group.isolate()
        && group.clip_path().is_none()
        && group.mask().is_none()
        && group.filters().is_empty()
        && group.blend_mode() == usvg::BlendMode::Normal;
    plain_layer
        && group.children().iter().all(|node| match node {
            Node::Group(g) => vello_draws(g),
            Node::Text(text) => vello_draws(text.flattened()),
            Node::Path(path) => path_is_plain(path),
            Node::Image(_) => false,
        })
}

fn path_is_plain(path: &usvg::Path) -> bool {
    let solid = |paint: &usvg::Paint| matches!(paint, usvg::Paint::Color(_));
    path.rendering_mode().use_shape_antialiasing()
        && path.fill().is_none_or(|f| solid(f.paint()))
        && path.stroke().is_none_or(|s| {
            solid(s.paint())
                && s.linejoin() != usvg::LineJoin::MiterClip
                && s.dasharray().is_none_or(|d| dashes_are_few(path.data(), d))
        })
}

/// Most dashes a stroke may have for vello. kurbo dashes a path however many dashes it takes (a
/// symbol's 0.0001 dashes along a long path ran out of memory); tiny-skia gives up dashing past
/// a million, so such a path goes to resvg.
const MAX_DASHES: f32 = 100_000.0;

fn dashes_are_few(path: &tiny_skia::Path, dashes: &[f32]) -> bool {
    let period: f32 = dashes.iter().sum();
    // The control polygon is at least as long as the path it shapes.
    let length: f32 = path.points().windows(2).map(|w| w[0].distance(w[1])).sum();
    let count = length / period;
    period > 0.0 && count.is_finite() && count <= MAX_DASHES
}

fn draw_group(group: &Group, parent: Transform, ctx: &mut RenderContext) {
    let transform = parent.pre_concat(group.transform());
    let faded = group.opacity() != Opacity::ONE;
    if faded {
        ctx.push_opacity_layer(group.opacity().get());
    }
    for node in group.children() {
        match node {
            Node::Group(g) => draw_group(g, transform, ctx),
            Node::Text(text) => draw_group(text.flattened(), transform, ctx),
            Node::Path(path) => draw_path(path, transform, ctx),
            // `vello_draws` sent trees with images to resvg.
            Node::Image(_) => {}
        }
    }
    if faded {
        ctx.pop_layer();
    }
}

fn draw_path(path: &usvg::Path, transform: Transform, ctx: &mut RenderContext) {
    if !path.is_visible() {
        return;
    }
    let shape = bez_path(path.data());
    ctx.set_transform(affine(transform));
    let fill = |ctx: &mut RenderContext| {
        if let Some(f) = path.fill() {
            ctx.set_paint(colour(f.paint(), f.opacity()));
            ctx.set_fill_rule(match f.rule() {
                usvg::FillRule::NonZero => Fill::NonZero,
                usvg::FillRule::EvenOdd => Fill::EvenOdd,
            });
            ctx.fill_path(&shape);
        }
    };
    let stroke = |ctx: &mut RenderContext| {
        if let Some(s) = path.stroke() {
            ctx.set_paint(colour(s.paint(), s.opacity()));
            ctx.set_stroke(stroke_style(s));
            ctx.stroke_path(&shape);
        }
    };
    match path.paint_order() {
        usvg::PaintOrder::FillAndStroke => {
            fill(ctx);
            stroke(ctx);
        }
        usvg::PaintOrder::StrokeAndFill => {
            stroke(ctx);
            fill(ctx);
        }
    }
}

fn stroke_style(s: &usvg::Stroke) -> Stroke {
    let mut style = Stroke::new(s.width().get() as f64)
        .with_caps(match s.linecap() {
            usvg::LineCap::Butt => Cap::Butt,
            usvg::LineCap::Round => Cap::Round,
            usvg::LineCap::Square => Cap::Square,
        })
        .with_join(match s.linejoin() {
            usvg::LineJoin::Round => Join::Round,
            usvg::LineJoin::Bevel => Join::Bevel,
            usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => Join::Miter,
        })
        .with_miter_limit(s.miterlimit().get() as f64);
    if let Some(dashes) = s.dasharray() {
        style = style.with_dashes(s.dashoffset() as f64, dashes.iter().map(|&d| d as f64));
    }
    style
}

/// A solid paint as vello's colour (`path_is_plain` let only solid paints through).
fn colour(
    paint: &usvg::Paint,
    opacity: Opacity,
) -> vello_cpu::color::AlphaColor<vello_cpu::color::Srgb> {
    let alpha = opacity.to_u8();
    match paint {
        usvg::Paint::Color(c) => {
            vello_cpu::color::AlphaColor::from_rgba8(c.red, c.green, c.blue, alpha)
        }
        _ => vello_cpu::color::AlphaColor::from_rgba8(0, 0, 0, alpha),
    }
}

fn affine(t: Transform) -> Affine {
    Affine::new([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty].map(f64::from))
}

fn bez_path(path: &tiny_skia::Path) -> BezPath {
    let point = |p: tiny_skia::Point| (p.x as f64, p.y as f64);
    let mut out = BezPath::new();
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => out.move_to(point(p)),
            PathSegment::LineTo(p) => out.line_to(point(p)),
            PathSegment::QuadTo(a, p) => out.quad_to(point(a), point(p)),
            PathSegment::CubicTo(a, b, p) => out.curve_to(point(a), point(b), point(p)),
            PathSegment::Close => out.close_path(),
        }
    }
    out
}
