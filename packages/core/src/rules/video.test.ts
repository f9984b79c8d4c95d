import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video.ts';

describe('videoEmbed', () => {
  it('turns YouTube links of every shape into a no-cookie embed', () => {
    const embed = { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/ysz5S6PUM-U' };
    expect(videoEmbed('https://www.youtube.com/watch?v=ysz5S6PUM-U')).toEqual(embed);
    expect(videoEmbed('https://m.youtube.com/watch?v=ysz5S6PUM-U&t=10')).toEqual(embed);
    expect(videoEmbed('https://youtu.be/ysz5S6PUM-U')).toEqual(embed);
    expect(videoEmbed('https://www.youtube.com/embed/ysz5S6PUM-U')).toEqual(embed);
    expect(videoEmbed('https://www.youtube.com/shorts/ysz5S6PUM-U')).toEqual(embed);
  });

  it('embeds Vimeo and plays direct video files', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({ kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' });
    expect(videoEmbed('https://cdn.example.com/tour.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/tour.mp4' });
  });

  it('answers null for what it cannot play, so only the link is shown', () => {
    expect(videoEmbed(null)).toBeNull();
    expect(videoEmbed('')).toBeNull();
    expect(videoEmbed('not a url')).toBeNull();
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/watch')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(videoEmbed('https://example.com/tour')).toBeNull();
  });
});
